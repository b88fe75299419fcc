import { evaluate, isGuestColumn, type Condition, type Facts, type GuestStatus, type Rule } from "@tessera/shared";
import { isRecord } from "@tessera/shared/records";
import type { Knex } from "../../db/knex.ts";
import type { Checkin } from "../../models/Checkin.ts";

/*
 * Who a session lets in, the same for a scan, a desk's snapshot and the statistics: a confirmed guest the
 * session's rule (the condition engine's) accepts. A rule that tests the guest's status judges the status
 * itself (a session for pending guests), else a guest who is not confirmed is answered not_confirmed.
 */

/** The guest columns a check-in reads: the rule's facts, the desk's fields, the entry's name. */
export const GUEST_COLUMNS = [
  "id",
  "eventId",
  "accountId",
  "firstName",
  "lastName",
  "email",
  "civility",
  "company",
  "jobTitle",
  "status",
  "mailStatus",
  "companionsExpected",
  "createdSource",
  "registeredAt",
  "createdAt",
  "updatedAt",
  "prescriber",
  "language",
  "answers",
] as const;

/** A guest row as the check-in reads it (answers parsed). */
export interface GuestRow {
  id: string;
  eventId: string;
  accountId: string;
  firstName: string | null;
  lastName: string | null;
  status: GuestStatus;
  answers: Record<string, unknown>;
  updatedAt: Date | string;
  [column: string]: unknown;
}

/** A row as the driver gives it: answers as text on SQLite. */
export function guestRowOf(row: Record<string, unknown>): GuestRow {
  const answers = typeof row.answers === "string" ? (JSON.parse(row.answers) as unknown) : row.answers;
  return { ...(row as unknown as GuestRow), answers: isRecord(answers) ? answers : {} };
}

/** What a session's rule needs beyond the guest's own row. */
export interface SessionRule {
  rule: Rule | null;
  judgesStatus: boolean;
  readsCompanions: boolean;
  readsTickets: boolean;
}

/** The comparisons of a rule (validated: at most CONDITION_MAX_DEPTH levels). */
function leavesOf(rule: Rule): Condition[] {
  if ("all" in rule) return rule.all.flatMap(leavesOf);
  if ("any" in rule) return rule.any.flatMap(leavesOf);
  if ("not" in rule) return leavesOf(rule.not);
  return [rule];
}

export function sessionRule(checkin: Pick<Checkin, "conditions">): SessionRule {
  const rule = checkin.conditions;
  const leaves: Record<string, unknown>[] = rule ? leavesOf(rule) : [];
  return {
    rule,
    judgesStatus: leaves.some((leaf) => leaf.guest === "status"),
    readsCompanions: leaves.some((leaf) => leaf.guest === "companionsCount"),
    readsTickets: leaves.some((leaf) => typeof leaf.ticket === "string"),
  };
}

/** What the rule may need beyond the rows: companions counted and ticket types held, by guest id. */
export interface ExtraFacts {
  companions: Map<string, number>;
  tickets: Map<string, string[]>;
}

const NO_EXTRAS: ExtraFacts = { companions: new Map(), tickets: new Map() };

/** The companions and tickets of `guestIds`, read only when the rule tests them. */
export async function extraFacts(db: Knex, rule: SessionRule, guestIds: readonly string[]): Promise<ExtraFacts> {
  if (!guestIds.length || (!rule.readsCompanions && !rule.readsTickets)) return NO_EXTRAS;
  const extras: ExtraFacts = { companions: new Map(), tickets: new Map() };
  if (rule.readsCompanions) {
    const rows = (await db("guests")
      .whereIn("godfatherId", guestIds)
      .groupBy("godfatherId")
      .select("godfatherId", db.raw("count(*) as n"))) as { godfatherId: string; n: number | string }[];
    for (const row of rows) extras.companions.set(row.godfatherId, Number(row.n));
  }
  if (rule.readsTickets) {
    // Tickets held: items of live orders not refunded whole, the holder's (else the buyer's).
    const rows = (await db("orderItems as i")
      .join("orders as o", "o.id", "i.orderId")
      .whereIn("o.status", ["completed", "awaiting_payment", "partially_refunded"])
      .whereRaw("i.quantity > i.refunded_quantity")
      .where((q) =>
        q
          .whereIn("i.holderGuestId", guestIds)
          .orWhere((inner) => inner.whereNull("i.holderGuestId").whereIn("o.guestId", guestIds)),
      )
      .distinct(db.raw("coalesce(i.holder_guest_id, o.guest_id) as guest_id"), "i.ticketId")) as {
      guestId: string;
      ticketId: string;
    }[];
    for (const row of rows) extras.tickets.set(row.guestId, [...(extras.tickets.get(row.guestId) ?? []), row.ticketId]);
  }
  return extras;
}

export function factsOf(guest: GuestRow, extras: ExtraFacts): Facts {
  return {
    answers: guest.answers,
    guest: {
      status: guest.status,
      civility: (guest.civility as never) ?? null,
      language: (guest.language as string | null) ?? null,
      company: (guest.company as string | null) ?? null,
      jobTitle: (guest.jobTitle as string | null) ?? null,
      companionsExpected: Number(guest.companionsExpected ?? 0),
      companionsCount: extras.companions.get(guest.id) ?? 0,
    },
    tickets: extras.tickets.get(guest.id) ?? [],
  };
}

/** The part of a rule a guest fails: the first failing member of an `all`, else the rule itself. */
export function failingPart(rule: Rule, facts: Facts): Rule {
  if ("all" in rule) {
    const failing = rule.all.find((member) => !evaluate(member, facts));
    return failing ? failingPart(failing, facts) : rule;
  }
  return rule;
}

export type Admission =
  | { admitted: true }
  | { admitted: false; result: "not_confirmed"; status: GuestStatus }
  | { admitted: false; result: "not_allowed"; failing: Rule };

export function admission(rule: SessionRule, guest: GuestRow, extras: ExtraFacts): Admission {
  if (!rule.judgesStatus && guest.status !== "confirmed") {
    return { admitted: false, result: "not_confirmed", status: guest.status };
  }
  if (!rule.rule) return { admitted: true };
  const facts = factsOf(guest, extras);
  if (evaluate(rule.rule, facts)) return { admitted: true };
  return { admitted: false, result: "not_allowed", failing: failingPart(rule.rule, facts) };
}

/** The session's displayed fields of a guest: a column's value, or the answer to a custom field. */
export function displayedValues(fields: readonly string[], guest: GuestRow): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = isGuestColumn(field) ? guest[field] : guest.answers[field];
    values[field] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return values;
}
