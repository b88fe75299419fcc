import type { ValidationIssue } from "@tessera/shared";
import type { Knex } from "../../../db/knex.ts";
import type { CustomField } from "../../../models/CustomField.ts";
import type { ImportMapping, PlanFacts } from "../../../models/GuestImport.ts";
import { checkRows } from "./checkRows.ts";
import type { StoredGuest } from "./guestRows.ts";
import type { ImportRows } from "./importFileRows.ts";
import { matchRowsWithoutEmail } from "./matchWithoutEmail.ts";
import { fieldsFingerprint, RowFacts } from "./planFacts.ts";
import type { ImportRowError, ValidRow } from "./validateRow.ts";

/**
 * What a run of an import writes and reports, decided in a reading of the file (the mapping step's, or a
 * first one of the job's: planFromFacts, planImport) that keeps facts about some rows, never the rows: the
 * job's reading (plannedGuests.ts) writes the guests from it. Its size does not grow with a file of
 * distinct emails (a fixed-size filter finds the repeated ones).
 */
export interface ImportPlan {
  /**
   * Each email that may be on more than one row, and the line of its last row: there its guest, all its rows
   * folded, is written. An email not in it is on one row only (a few single ones may be in it: harmless).
   */
  repeatedEmails: Map<string, number>;
  /** Each row without an email that writes a guest, by line: the existing guest it updates, or null. */
  namelessBases: Map<number, StoredGuest | null>;
  /** The run's report of refused rows and left-out cells; null when the mapping step's report stands. */
  report: { errors: ImportRowError[]; warnings: ImportRowError[] } | null;
  /** Rows refused: by the rules, or ambiguous (a row without an email that could be several guests). */
  failedRows: number;
  warningRows: number;
  warningCells: number;
  totalRows: number;
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
  const facts = new RowFacts();
  const nameless: ValidRow[] = [];
  const checked = await checkRows(file, mapping, fields, (row) => {
    if (facts.add(row)) nameless.push(namelessKey(row));
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
  return {
    mappingIssues: checked.mappingIssues,
    plan: {
      repeatedEmails: facts.repeatedEmails,
      namelessBases,
      report: { errors, warnings },
      failedRows: checked.failedRows + matched.ambiguous.length,
      warningRows: new Set(warnings.map((warning) => warning.line)).size,
      warningCells: warnings.length,
      totalRows: checked.totalRows,
    },
  };
}

/**
 * The plan of a run from what the mapping step learnt (planFacts.ts), without reading the file: when the
 * rows were checked against the same fields and every row has an email (rows without one are matched to
 * the guests as they are when the job runs). Null when the file must be read again (planImport).
 */
export function planFromFacts(
  facts: PlanFacts | null,
  checked: { failedRows: number; warningRows: number; warningCells: number; totalRows: number },
  fields: readonly CustomField[],
): ImportPlan | null {
  if (!facts || facts.namelessRows > 0 || facts.fields !== fieldsFingerprint(fields)) return null;
  return {
    repeatedEmails: new Map(facts.repeatedEmails),
    namelessBases: new Map(),
    report: null,
    failedRows: checked.failedRows,
    warningRows: checked.warningRows,
    warningCells: checked.warningCells,
    totalRows: checked.totalRows,
  };
}
