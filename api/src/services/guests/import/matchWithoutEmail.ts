import type { Knex } from "../../../db/knex.ts";
import { foldForComparison, guestNameKey } from "../prepare.ts";
import { GUEST_COLUMNS, type GuestSource, type StoredGuest } from "./guestRows.ts";
import type { ImportRowError, ValidRow } from "./validateRow.ts";

/*
 * THE RULE for a row without an email (so that importing a file again never creates its guests again):
 * it updates the guest of the event that has no email, the same first and last name and, when the row
 * gives a company, the same company — compared as duplicates are (the stored `name_key`, companies folded
 * the same way). No such guest: the row creates one. More than one, or another row of the file claiming
 * the same guest: the row is ambiguous, reported (import_ambiguous_guest) and not written. (A row without
 * an email always has both names: validateRow refuses any other.)
 */

export interface RowsWithoutEmail {
  /** Rows that update an existing guest. */
  matched: GuestSource[];
  /** Rows that create a guest. */
  unmatched: ValidRow[];
  /** Rows reported and skipped. */
  ambiguous: ImportRowError[];
}

/**
 * The event's guests without an email, by their stored name key (one pass, as for emails). Guests this
 * import created are left out: a run resuming after some of its batches were committed must match as the
 * first run did, not to the guests of the file's earlier rows.
 */
async function guestsWithoutEmail(db: Knex, eventId: string, importId: string): Promise<Map<string, StoredGuest[]>> {
  const byName = new Map<string, StoredGuest[]>();
  const rows = (await db("guests")
    .select([...GUEST_COLUMNS, "nameKey"])
    .where({ eventId })
    .whereNull("emailNormalized")
    .whereNotNull("nameKey")
    .where((query) => query.whereNull("importId").orWhereNot({ importId }))
    .orderBy("createdAt")) as Array<StoredGuest & { nameKey: string }>;
  for (const { nameKey, ...guest } of rows) byName.set(nameKey, [...(byName.get(nameKey) ?? []), guest]);
  return byName;
}

/** Each row without an email matched to the existing guest it stands for, by THE RULE above. */
export async function matchRowsWithoutEmail(
  db: Knex,
  target: { eventId: string; importId: string },
  rows: readonly ValidRow[],
): Promise<RowsWithoutEmail> {
  const result: RowsWithoutEmail = { matched: [], unmatched: [], ambiguous: [] };
  if (!rows.length) return result;
  const byName = await guestsWithoutEmail(db, target.eventId, target.importId);
  const claims = new Map<string, Array<{ base: StoredGuest; row: ValidRow }>>();
  for (const row of rows) {
    const key = guestNameKey(row.values.firstName, row.values.lastName);
    const company = foldForComparison(row.values.company);
    const candidates = (key ? (byName.get(key) ?? []) : []).filter(
      (guest) => !company || foldForComparison(guest.company as string | null) === company,
    );
    if (candidates.length === 0) result.unmatched.push(row);
    else if (candidates.length > 1) result.ambiguous.push(ambiguity(row));
    else {
      const base = candidates[0]!;
      claims.set(base.id as string, [...(claims.get(base.id as string) ?? []), { base, row }]);
    }
  }
  for (const claim of claims.values()) {
    if (claim.length === 1) result.matched.push(claim[0]!);
    else for (const { row } of claim) result.ambiguous.push(ambiguity(row));
  }
  return result;
}

function ambiguity(row: ValidRow): ImportRowError {
  const name = [row.values.firstName, row.values.lastName].filter(Boolean).join(" ");
  return { line: row.line, column: "", value: name, code: "import_ambiguous_guest" };
}
