/**
 * Credits (issue 15 item 4, spec §5 "Credits: required, numeric, positive, not 0; expiry date DD/MM/YYYY, not in
 * the past"): the rules the API and the web forms share. Each problem is a key of the "validation" catalogue.
 *
 * An expiry date is a day: a pack can be used through the end of that day (UTC) and not after, so "not in the past"
 * accepts today. `creditExpiryInstant` gives the instant a pack stops being usable (00:00 UTC the day after).
 */
import { readDateAnswer } from "./customFieldRules.ts";

/** The most credits one add or one debit moves (PostgreSQL's integer holds 2^31 - 1). */
export const CREDIT_AMOUNT_MAX = 100_000_000;
/** The longest note a debit can carry. */
export const CREDIT_NOTE_MAX = 500;

/** Why the ledger moved: added by an administrator, debited by one, taken by a send, given back (a bounce …). */
export const CREDIT_REASONS = ["add", "debit", "send", "refund"] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

export type CreditAmountProblem =
  "required" | "not_a_number" | "number_negative" | "credits_not_zero" | "number_too_big";

/** The problem with an amount of credits typed or sent (a whole number, more than 0), null when there is none. */
export function creditAmountProblem(raw: unknown): CreditAmountProblem | null {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return "required";
  const value = typeof raw === "string" && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== "number" || !Number.isInteger(value)) return "not_a_number";
  if (value < 0) return "number_negative";
  if (value === 0) return "credits_not_zero";
  if (value > CREDIT_AMOUNT_MAX) return "number_too_big";
  return null;
}

export type CreditExpiryProblem = "required" | "date_format" | "date_not_exist" | "expiry_date_past";

/** DD/MM/YYYY, the shape the API takes (the web's field writes it so). */
export const CREDIT_EXPIRY_PATTERN = "^\\d{2}/\\d{2}/\\d{4}$";

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * An expiry date DD/MM/YYYY → its day YYYY-MM-DD, or the problem: not that shape, a day the calendar does not
 * have, or a day before `now`'s (UTC).
 */
export function readCreditExpiry(raw: unknown, now: Date): { day: string } | { problem: CreditExpiryProblem } {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === ""))
    return { problem: "required" };
  if (typeof raw !== "string" || !new RegExp(CREDIT_EXPIRY_PATTERN).test(raw.trim())) return { problem: "date_format" };
  const read = readDateAnswer(raw.trim());
  if ("code" in read) return { problem: read.code };
  if (read.value < isoDay(now)) return { problem: "expiry_date_past" };
  return { day: read.value };
}

/** The instant a pack expiring on `day` (YYYY-MM-DD) stops being usable: the start of the next day, UTC. */
export function creditExpiryInstant(day: string): Date {
  const instant = new Date(`${day}T00:00:00.000Z`);
  instant.setUTCDate(instant.getUTCDate() + 1);
  return instant;
}

/** The day (YYYY-MM-DD) a pack expiring at `instant` was given: the last day it can be used. */
export function creditExpiryDay(instant: Date): string {
  return isoDay(new Date(instant.getTime() - 1));
}

/** YYYY-MM-DD → DD/MM/YYYY, as the forms show and take it. */
export function formatCreditDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}
