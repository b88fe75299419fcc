import { withoutAccents } from "@tessera/shared";
import type { Knex } from "../../../db/knex.ts";
import { GUEST_COLUMNS, type GuestSource, type StoredGuest } from "./guestRows.ts";
import type { ImportRowError, ValidRow } from "./validateRow.ts";

/*
 * THE RULE for a row without an email (so that importing a file again never creates its guests again):
 * it updates the guest of the event that has no email, the same first and last name and, when the row
 * gives a company, the same company — names and companies compared without accents, capitals or extra
 * spaces. No such guest: the row creates one. More than one, or another row of the file claiming the
 * same guest: the row is ambiguous, reported (import_ambiguous_guest) and not written. A row with
 * neither a first nor a last name cannot be recognised and always creates a guest.
 */

/** Lowercase, no accents, blanks collapsed: "  Élodie  Martin" → "elodie martin". */
function fold(value: unknown): string {
  return typeof value === "string" ? withoutAccents(value).toLowerCase().trim().replace(/\s+/g, " ") : "";
}

function nameKey(firstName: unknown, lastName: unknown): string | null {
  const first = fold(firstName);
  const last = fold(lastName);
  return first || last ? `${first}|${last}` : null;
}

export interface RowsWithoutEmail {
  /** Rows that update an existing guest. */
  matched: GuestSource[];
  /** Rows that create a guest. */
  unmatched: ValidRow[];
  /** Rows reported and skipped. */
  ambiguous: ImportRowError[];
}

/** The event's guests without an email, by folded first and last name. */
async function guestsWithoutEmail(trx: Knex.Transaction, eventId: string): Promise<Map<string, StoredGuest[]>> {
  const byName = new Map<string, StoredGuest[]>();
  const rows = (await trx("guests")
    .select(GUEST_COLUMNS)
    .where({ eventId })
    .whereNull("emailNormalized")
    .orderBy("createdAt")) as StoredGuest[];
  for (const guest of rows) {
    const key = nameKey(guest.firstName, guest.lastName);
    if (key) byName.set(key, [...(byName.get(key) ?? []), guest]);
  }
  return byName;
}

/** Each row without an email matched to the existing guest it stands for, by THE RULE above. */
export async function matchRowsWithoutEmail(
  trx: Knex.Transaction,
  eventId: string,
  rows: readonly ValidRow[],
): Promise<RowsWithoutEmail> {
  const result: RowsWithoutEmail = { matched: [], unmatched: [], ambiguous: [] };
  if (!rows.length) return result;
  const byName = await guestsWithoutEmail(trx, eventId);
  const claims = new Map<string, Array<{ base: StoredGuest; row: ValidRow }>>();
  for (const row of rows) {
    const key = nameKey(row.values.firstName, row.values.lastName);
    const company = fold(row.values.company);
    const candidates = (key ? (byName.get(key) ?? []) : []).filter(
      (guest) => !company || fold(guest.company) === company,
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
