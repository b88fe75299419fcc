import type { Knex } from "../../../db/knex.ts";
import type { CheckedRows } from "./checkRows.ts";
import { existingGuestsByEmail, mergeByEmail, type GuestSource } from "./guestRows.ts";
import { matchRowsWithoutEmail } from "./matchWithoutEmail.ts";
import type { ImportRowError } from "./validateRow.ts";

/** What a run of an import writes and reports, decided before anything is written. */
export interface ImportPlan {
  /**
   * The guests to write (a source without a base creates one), in the order of their first row in the
   * file: a resumed run skips the ones its earlier batches committed, found by their place in this list.
   */
  sources: GuestSource[];
  errors: ImportRowError[];
  warnings: ImportRowError[];
  /** Rows refused: by the rules, or ambiguous (a row without an email that could be several guests). */
  failedRows: number;
  warningRows: number;
  /** Valid rows folded into an earlier row of the same email (they write no guest of their own). */
  foldedRows: number;
  totalRows: number;
}

/**
 * The checked rows of an import turned into the guests to write: rows of one email folded into one guest,
 * each matched to the existing guest it updates (by email; without an email, by matchWithoutEmail.ts's
 * rule, ambiguous rows refused with the cells they would have been imported without).
 */
export async function planImport(
  db: Knex,
  target: { eventId: string; importId: string },
  checked: CheckedRows,
): Promise<ImportPlan> {
  const { withEmail, withoutEmail } = mergeByEmail(checked.valid);
  const existing = await existingGuestsByEmail(db, target.eventId, [...withEmail.keys()]);
  const sources: GuestSource[] = [];
  for (const [email, row] of withEmail) sources.push({ base: existing.get(email) ?? null, row });
  const nameless = await matchRowsWithoutEmail(db, target, withoutEmail);
  sources.push(...nameless.matched, ...nameless.unmatched.map((row) => ({ base: null, row })));
  sources.sort((a, b) => a.row.line - b.row.line);

  const ambiguousLines = new Set(nameless.ambiguous.map((error) => error.line));
  const warnings = checked.warnings.filter((warning) => !ambiguousLines.has(warning.line));
  const errors = [
    ...checked.errors,
    ...nameless.ambiguous,
    ...checked.warnings.filter((warning) => ambiguousLines.has(warning.line)),
  ].sort((a, b) => a.line - b.line);
  return {
    sources,
    errors,
    warnings,
    failedRows: checked.failedRows + nameless.ambiguous.length,
    warningRows: new Set(warnings.map((warning) => warning.line)).size,
    foldedRows: checked.valid.length - nameless.ambiguous.length - sources.length,
    totalRows: checked.totalRows,
  };
}
