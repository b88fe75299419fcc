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

/** What every guest row of an import is built with (importRun.ts: rowContext). */
export interface RowContext {
  accountId: string;
  eventId: string;
  importId: string;
  now: string;
}

/** A cell of the file when it has one, else what the guest already had, else the default. */
function cellOr<K extends keyof ValidRow["values"]>(
  values: ValidRow["values"],
  base: StoredGuest | null,
  key: K,
  fallback: unknown,
): unknown {
  const value = values[key];
  if (value !== undefined) return value;
  return base ? base[key] : fallback;
}

/**
 * The `guests` row of a checked row over the guest it updates (or a new one). Built for 100k rows on the
 * event loop: plain assignments, no spread or closure per row (they made it the import's costliest step).
 */
export function guestRow(base: StoredGuest | null, row: ValidRow, context: RowContext): GuestRow {
  const values = row.values;
  const identity = {
    firstName: cellOr(values, base, "firstName", null) as string | null,
    lastName: cellOr(values, base, "lastName", null) as string | null,
    // A guest matched by email keeps its stored spelling ("Anne.Martin@Example.com" stays so).
    email: (base?.email ?? cellOr(values, base, "email", null)) as string | null,
    company: cellOr(values, base, "company", null) as string | null,
  };
  let answers = row.answers as Record<string, unknown>;
  if (base) {
    const previous = typeof base.answers === "string" ? JSON.parse(base.answers) : base.answers;
    answers = Object.assign({}, previous, row.answers);
  }
  const createdAt = base ? base.createdAt : context.now;
  // emailNormalized, searchText and whatever else is derived from the identity (nameKey …).
  const derived = derivedGuestColumns(identity);
  return Object.assign(
    {
      // Time-ordered (UUIDv7, monotonic): an import's new guests go to the end of the id indexes instead of
      // thousands of random places, so a batch dirties a few index pages, not one per guest.
      id: base ? base.id : timeOrderedUuid(),
      accountId: base ? base.accountId : context.accountId,
      eventId: base ? base.eventId : context.eventId,
      firstName: identity.firstName,
      lastName: identity.lastName,
      email: identity.email,
      company: identity.company,
      civility: cellOr(values, base, "civility", null),
      jobTitle: cellOr(values, base, "jobTitle", null),
      status: cellOr(values, base, "status", "unanswered"),
      mailStatus: base ? base.mailStatus : "none",
      companionsExpected: cellOr(values, base, "companionsExpected", 0),
      prescriber: cellOr(values, base, "prescriber", null),
      language: cellOr(values, base, "language", null),
      createdSource: base ? base.createdSource : "import",
      importId: base ? base.importId : context.importId,
      createdAt: createdAt instanceof Date ? createdAt.toISOString() : createdAt,
      updatedAt: context.now,
      answers: JSON.stringify(answers),
    },
    derived,
  ) as GuestRow;
}
