import type { ValidationIssue } from "@tessera/shared";
import type { Knex } from "../../../db/knex.ts";
import type { CustomField } from "../../../models/CustomField.ts";
import type { ImportMapping } from "../../../models/GuestImport.ts";
import { checkRows } from "./checkRows.ts";
import type { StoredGuest } from "./guestRows.ts";
import type { ImportRows } from "./importFileRows.ts";
import { matchRowsWithoutEmail } from "./matchWithoutEmail.ts";
import type { ImportRowError, ValidRow } from "./validateRow.ts";

/**
 * What a run of an import writes and reports, decided in a first reading of the file that keeps a few
 * facts per row, never the rows: the second reading (plannedGuests.ts) writes the guests from it.
 */
export interface ImportPlan {
  /** Each email of the file and the line of its last row: there its guest, all its rows folded, is written. */
  lastLineOfEmail: Map<string, number>;
  /** Each row without an email that writes a guest, by line: the existing guest it updates, or null. */
  namelessBases: Map<number, StoredGuest | null>;
  errors: ImportRowError[];
  warnings: ImportRowError[];
  /** Rows refused: by the rules, or ambiguous (a row without an email that could be several guests). */
  failedRows: number;
  warningRows: number;
  /** Valid rows folded into another row of the same email (they write no guest of their own). */
  foldedRows: number;
  totalRows: number;
  /** The guests the import writes (created or updated). */
  guests: number;
}

/** A row without an email, as much of it as matching needs. */
const namelessKey = (row: ValidRow): ValidRow => ({
  line: row.line,
  emailNormalized: null,
  values: { firstName: row.values.firstName, lastName: row.values.lastName, company: row.values.company },
  answers: {},
});

/**
 * The first reading: every row checked; rows of one email will be one guest; each row without an email
 * matched to the existing guest it stands for (matchWithoutEmail.ts), ambiguous ones refused with the
 * cells they would have been imported without.
 */
export async function planImport(
  db: Knex,
  target: { eventId: string; importId: string },
  file: ImportRows,
  mapping: ImportMapping,
  fields: readonly CustomField[],
): Promise<{ mappingIssues: ValidationIssue[]; plan: ImportPlan }> {
  const lastLineOfEmail = new Map<string, number>();
  const nameless: ValidRow[] = [];
  const checked = await checkRows(file, mapping, fields, (row) => {
    if (row.emailNormalized) lastLineOfEmail.set(row.emailNormalized, row.line);
    else nameless.push(namelessKey(row));
  });
  const matched = await matchRowsWithoutEmail(db, target, nameless);
  const namelessBases = new Map<number, StoredGuest | null>();
  for (const { row, base } of matched.matched) namelessBases.set(row.line, base);
  for (const row of matched.unmatched) namelessBases.set(row.line, null);

  const ambiguousLines = new Set(matched.ambiguous.map((error) => error.line));
  const warnings = checked.warnings.filter((warning) => !ambiguousLines.has(warning.line));
  const errors = [
    ...checked.errors,
    ...matched.ambiguous,
    ...checked.warnings.filter((warning) => ambiguousLines.has(warning.line)),
  ].sort((a, b) => a.line - b.line);
  const guests = lastLineOfEmail.size + namelessBases.size;
  return {
    mappingIssues: checked.mappingIssues,
    plan: {
      lastLineOfEmail,
      namelessBases,
      errors,
      warnings,
      failedRows: checked.failedRows + matched.ambiguous.length,
      warningRows: new Set(warnings.map((warning) => warning.line)).size,
      foldedRows: checked.validRows - matched.ambiguous.length - guests,
      totalRows: checked.totalRows,
      guests,
    },
  };
}
