import {
  checkRule,
  LIVE_ORDER_STATUSES,
  validateRule,
  type Civility,
  type Condition,
  type Facts,
  type GuestStatus,
  type Rule,
} from "@tessera/shared";
import type { Knex } from "../db/knex.ts";
import { AppError } from "../errors.ts";
import { listCustomFields } from "./guests/customFields.ts";

/*
 * The condition engine on the server, for the rules that pick guests (check-in sessions, e-badge templates):
 * a rule checked against its event before it is saved, and the facts a guest is judged on — their answers and
 * attributes, their companions counted and the ticket types they hold, the last two read (for a slice of guests
 * at once) only when a rule tests them.
 */

/**
 * The rule as stored, or the condition engine's issues under `path` (the shape's, then those of this event's
 * questions and ticket types).
 */
export async function checkedRule(
  trx: Knex,
  eventId: string,
  conditions: unknown,
  path = "conditions",
): Promise<Rule | null> {
  if (conditions === null || conditions === undefined) return null;
  const at = (inner: string) => (inner ? `${path}.${inner}` : path);
  const shape = validateRule(conditions);
  if (!shape.ok) throw AppError.invalid(shape.issues.map((issue) => ({ ...issue, field: at(issue.field) })));
  const [fields, tickets] = await Promise.all([
    listCustomFields(trx, eventId),
    trx("tickets").where({ eventId }).pluck("id") as Promise<string[]>,
  ]);
  const issues = checkRule(shape.value, fields, { ticketTypeIds: tickets });
  if (issues.length)
    throw AppError.invalid(
      issues.map(({ path: inner, code, params }) => ({ field: at(inner), code, ...(params ? { params } : {}) })),
    );
  return shape.value;
}

/** The event's ticket types by name, for a rule in words (describeRule's context). */
export async function ticketNames(db: Knex, eventId: string): Promise<{ id: string; name: string }[]> {
  return (await db("tickets").where({ eventId }).orderBy("position").select("id", "caption as name")) as {
    id: string;
    name: string;
  }[];
}

/** The comparisons of a rule (validated: at most CONDITION_MAX_DEPTH levels). */
export function leavesOf(rule: Rule): Condition[] {
  if ("all" in rule) return rule.all.flatMap(leavesOf);
  if ("any" in rule) return rule.any.flatMap(leavesOf);
  if ("not" in rule) return leavesOf(rule.not);
  return [rule];
}

/** What rules need read beyond the guests' own rows. */
export interface FactNeeds {
  companions: boolean;
  tickets: boolean;
}

export function factNeeds(rules: readonly (Rule | null)[]): FactNeeds {
  const leaves: Record<string, unknown>[] = rules.flatMap((rule) => (rule ? leavesOf(rule) : []));
  return {
    companions: leaves.some((leaf) => leaf.guest === "companionsCount"),
    tickets: leaves.some((leaf) => typeof leaf.ticket === "string"),
  };
}

/**
 * Companions counted and ticket types held, by guest id; `paidTickets`, those of them held through an order that
 * is paid (completed, or partially refunded with units left), not only through one still awaiting its payment.
 */
export interface ExtraFacts {
  companions: Map<string, number>;
  tickets: Map<string, string[]>;
  paidTickets: Map<string, string[]>;
}

const NO_EXTRAS: ExtraFacts = { companions: new Map(), tickets: new Map(), paidTickets: new Map() };

/** Of the live orders whose items a guest holds (shared's LIVE_ORDER_STATUSES), the one not paid yet. */
const UNPAID_ORDER_STATUS = "awaiting_payment";

const added = (map: Map<string, string[]>, key: string, value: string) => {
  const values = map.get(key);
  if (!values) map.set(key, [value]);
  else if (!values.includes(value)) values.push(value);
};

/** The companions and tickets of `guestIds`, read only when needed. */
export async function extraFacts(db: Knex, needs: FactNeeds, guestIds: readonly string[]): Promise<ExtraFacts> {
  if (!guestIds.length || (!needs.companions && !needs.tickets)) return NO_EXTRAS;
  const extras: ExtraFacts = { companions: new Map(), tickets: new Map(), paidTickets: new Map() };
  if (needs.companions) {
    const rows = (await db("guests")
      .whereIn("godfatherId", guestIds)
      .groupBy("godfatherId")
      .select("godfatherId", db.raw("count(*) as n"))) as { godfatherId: string; n: number | string }[];
    for (const row of rows) extras.companions.set(row.godfatherId, Number(row.n));
  }
  if (needs.tickets) {
    // Tickets held: items of live orders not refunded whole, the holder's (else the buyer's); paid unless the
    // order still awaits its payment.
    const rows = (await db("orderItems as i")
      .join("orders as o", "o.id", "i.orderId")
      .whereIn("o.status", [...LIVE_ORDER_STATUSES])
      .whereRaw("i.quantity > i.refunded_quantity")
      .where((q) =>
        q
          .whereIn("i.holderGuestId", guestIds)
          .orWhere((inner) => inner.whereNull("i.holderGuestId").whereIn("o.guestId", guestIds)),
      )
      .distinct(db.raw("coalesce(i.holder_guest_id, o.guest_id) as guest_id"), "i.ticketId", "o.status")) as {
      guestId: string;
      ticketId: string;
      status: string;
    }[];
    for (const row of rows) {
      added(extras.tickets, row.guestId, row.ticketId);
      if (row.status !== UNPAID_ORDER_STATUS) added(extras.paidTickets, row.guestId, row.ticketId);
    }
  }
  return extras;
}

/** The guest's own values a rule reads (a Guest, or a row read with these columns). */
export interface FactsGuest {
  id: string;
  answers: Readonly<Record<string, unknown>>;
  status: GuestStatus;
  civility: Civility | null;
  language: string | null;
  company: string | null;
  jobTitle: string | null;
  companionsExpected: number | null;
}

/** The guest's facts; with `paidOnly`, as if they held only the tickets they paid for. */
export function factsOf(guest: FactsGuest, extras: ExtraFacts, paidOnly = false): Facts {
  return {
    answers: guest.answers,
    guest: {
      status: guest.status,
      civility: guest.civility ?? null,
      language: guest.language ?? null,
      company: guest.company ?? null,
      jobTitle: guest.jobTitle ?? null,
      companionsExpected: Number(guest.companionsExpected ?? 0),
      companionsCount: extras.companions.get(guest.id) ?? 0,
    },
    tickets: (paidOnly ? extras.paidTickets : extras.tickets).get(guest.id) ?? [],
  };
}
