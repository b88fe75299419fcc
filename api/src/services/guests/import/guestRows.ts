import { v7 as timeOrderedUuid } from "uuid";
import type { AnswerValue } from "@tessera/shared";
import type { Knex } from "../../../db/knex.ts";
import { derivedGuestColumns } from "../prepare.ts";
import type { ValidRow } from "./validateRow.ts";

/*
 * From the valid rows of a file to the rows of the `guests` table: rows of one email folded into one
 * guest, the existing guest of an email found, and each guest row built from the file's cells over
 * what the guest already had.
 */

export const GUEST_COLUMNS = [
  "id", "accountId", "eventId", "firstName", "lastName", "email", "emailNormalized", "civility", "company",
  "jobTitle", "status", "mailStatus", "companionsExpected", "prescriber", "language", "answers", "searchText",
  "createdSource", "importId", "createdAt", "updatedAt",
] as const; // prettier-ignore
/** What an import may change on an existing guest (a matching email updates; it never creates a second guest). */
const UPDATED_COLUMNS = [
  "firstName", "lastName", "email", "emailNormalized", "civility", "company", "jobTitle", "status",
  "companionsExpected", "prescriber", "language", "answers", "searchText", "updatedAt",
] as const; // prettier-ignore

/** The derived columns, recomputed on every write (their names, whatever prepare.ts derives). */
const DERIVED_COLUMNS = Object.keys(derivedGuestColumns({}));

/** The columns an import writes over an existing guest: the updated ones and the derived ones. */
export const IMPORT_UPDATE_COLUMNS = [...new Set<string>([...UPDATED_COLUMNS, ...DERIVED_COLUMNS])];

type GuestRow = Record<(typeof GUEST_COLUMNS)[number], unknown>;
export type StoredGuest = Omit<GuestRow, "answers"> & { answers: Record<string, AnswerValue | null> | string };
/** A row of the file and the existing guest it updates, if any. */
export type GuestSource = { base: StoredGuest | null; row: ValidRow };

/**
 * Rows of the same email in one file are one guest: later cells win, answers merge, but the email keeps
 * the first row's spelling (the later rows update the guest the first one stands for).
 */
export function foldRows(earlier: ValidRow, later: ValidRow): ValidRow {
  return {
    ...later,
    line: earlier.line,
    values: { ...earlier.values, ...later.values, email: earlier.values.email },
    answers: { ...earlier.answers, ...later.answers },
  };
}

const timeOf = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));

/**
 * The existing guest of each of these emails (the oldest when several share one), in one query along the
 * (event, email) index. Not ordered in SQL: an ORDER BY created_at lets SQLite walk the event's
 * (event, created_at) index instead, every guest of the event for each batch.
 */
export async function existingGuestsByEmail(
  db: Knex,
  eventId: string,
  emails: readonly string[],
): Promise<Map<string, StoredGuest>> {
  const found = new Map<string, StoredGuest>();
  if (!emails.length) return found;
  const rows = (await db("guests")
    .select(GUEST_COLUMNS)
    .where({ eventId })
    .whereIn("emailNormalized", emails)) as StoredGuest[];
  for (const row of rows) {
    const email = row.emailNormalized as string;
    const earlier = found.get(email);
    const isOlder =
      earlier &&
      (timeOf(earlier.createdAt) < timeOf(row.createdAt) ||
        (timeOf(earlier.createdAt) === timeOf(row.createdAt) && String(earlier.id) < String(row.id)));
    if (!isOlder) found.set(email, row);
  }
  return found;
}

export function guestRow(
  base: StoredGuest | null,
  row: ValidRow,
  context: { accountId: string; eventId: string; importId: string; now: string },
): GuestRow {
  const values = row.values;
  const pick = <K extends keyof typeof values>(key: K, fallback: unknown) =>
    values[key] !== undefined ? values[key] : base ? base[key] : fallback;
  const identity = {
    firstName: pick("firstName", null) as string | null,
    lastName: pick("lastName", null) as string | null,
    // A guest matched by email keeps its stored spelling ("Anne.Martin@Example.com" stays so).
    email: (base?.email ?? pick("email", null)) as string | null,
    company: pick("company", null) as string | null,
  };
  let answers = row.answers as Record<string, unknown>;
  if (base) {
    const previous = typeof base.answers === "string" ? JSON.parse(base.answers) : base.answers;
    answers = { ...previous, ...row.answers };
  }
  const createdAt = base ? base.createdAt : context.now;
  return {
    // Time-ordered (UUIDv7, monotonic): an import's new guests go to the end of the id indexes instead of
    // thousands of random places, so a batch dirties a few index pages, not one per guest.
    id: base ? base.id : timeOrderedUuid(),
    accountId: base ? base.accountId : context.accountId,
    eventId: base ? base.eventId : context.eventId,
    ...identity,
    civility: pick("civility", null),
    jobTitle: pick("jobTitle", null),
    status: pick("status", "unanswered"),
    mailStatus: base ? base.mailStatus : "none",
    companionsExpected: pick("companionsExpected", 0),
    prescriber: pick("prescriber", null),
    language: pick("language", null),
    createdSource: base ? base.createdSource : "import",
    importId: base ? base.importId : context.importId,
    createdAt: createdAt instanceof Date ? createdAt.toISOString() : createdAt,
    updatedAt: context.now,
    // emailNormalized, searchText and whatever else is derived from the identity (nameKey …).
    ...derivedGuestColumns(identity),
    answers: JSON.stringify(answers),
  } as GuestRow;
}
