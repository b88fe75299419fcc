import {
  evaluate,
  GUEST_FIELDS,
  isGuestColumn,
  type Civility,
  type Facts,
  type GuestStatus,
  type Rule,
} from "@tessera/shared";
import { isRecord } from "@tessera/shared/records";
import type { Checkin } from "../../models/Checkin.ts";
import { factNeeds, factsOf, leavesOf, type ExtraFacts, type FactNeeds } from "../conditions.ts";

/*
 * Who a session lets in, the same for a scan, a desk's snapshot and the statistics: a confirmed guest the
 * session's rule (the condition engine's) accepts. A rule that tests the guest's status judges the status
 * itself (a session for pending guests), else a guest who is not confirmed is answered not_confirmed. A rule
 * with ticket conditions reads the tickets a guest holds through live orders; one it accepts only thanks to
 * tickets whose order still awaits its payment answers unpaid (the part the paid tickets fail as `failing`).
 */

/** The guest columns a check-in reads: the rule's facts, the desk's fields (any guest column), the entry's name. */
export const GUEST_COLUMNS = ["id", "eventId", "accountId", ...GUEST_FIELDS, "answers"] as const;

/** A guest row as the check-in reads it (answers parsed). */
export interface GuestRow {
  id: string;
  eventId: string;
  accountId: string;
  firstName: string | null;
  lastName: string | null;
  status: GuestStatus;
  civility: Civility | null;
  language: string | null;
  company: string | null;
  jobTitle: string | null;
  companionsExpected: number | null;
  answers: Record<string, unknown>;
  updatedAt: Date | string;
  [column: string]: unknown;
}

/** A row as the driver gives it: answers as text on SQLite. */
export function guestRowOf(row: Record<string, unknown>): GuestRow {
  const answers = typeof row.answers === "string" ? (JSON.parse(row.answers) as unknown) : row.answers;
  return { ...(row as unknown as GuestRow), answers: isRecord(answers) ? answers : {} };
}

/** What a session's rule needs beyond the guest's own row: whether it judges the status itself, and the facts it reads. */
export interface SessionRule extends FactNeeds {
  rule: Rule | null;
  judgesStatus: boolean;
}

export function sessionRule(checkin: Pick<Checkin, "conditions">): SessionRule {
  const rule = checkin.conditions;
  return {
    rule,
    judgesStatus: rule ? leavesOf(rule).some((leaf: Record<string, unknown>) => leaf.guest === "status") : false,
    ...factNeeds([rule]),
  };
}

/** The part of a rule a guest fails: the first failing member of an `all`, else the rule itself. */
function failingPart(rule: Rule, facts: Facts): Rule {
  if ("all" in rule) {
    const failing = rule.all.find((member) => !evaluate(member, facts));
    return failing ? failingPart(failing, facts) : rule;
  }
  return rule;
}

export type Admission =
  | { admitted: true }
  | { admitted: false; result: "not_confirmed"; status: GuestStatus }
  | { admitted: false; result: "not_allowed" | "unpaid"; failing: Rule };

export function admission(rule: SessionRule, guest: GuestRow, extras: ExtraFacts): Admission {
  if (!rule.judgesStatus && guest.status !== "confirmed") {
    return { admitted: false, result: "not_confirmed", status: guest.status };
  }
  if (!rule.rule) return { admitted: true };
  const facts = factsOf(guest, extras);
  if (!evaluate(rule.rule, facts))
    return { admitted: false, result: "not_allowed", failing: failingPart(rule.rule, facts) };
  if (!rule.tickets) return { admitted: true };
  // Held, but paid? The same rule on the tickets paid for alone.
  const paid = factsOf(guest, extras, true);
  if (evaluate(rule.rule, paid)) return { admitted: true };
  return { admitted: false, result: "unpaid", failing: failingPart(rule.rule, paid) };
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
