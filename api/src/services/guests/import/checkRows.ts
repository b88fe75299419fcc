import type { ValidationIssue } from "@tessera/shared";
import type { CustomField } from "../../../models/CustomField.ts";
import { EventLoopBreaks } from "../../eventLoopBreaks.ts";
import { resolveMapping, type ImportTarget } from "./columnMapping.ts";
import type { ImportRows } from "./importFileRows.ts";
import { validateRow, type ImportRowError, type ValidRow } from "./validateRow.ts";

export interface CheckedRows {
  targets: Map<number, ImportTarget>;
  mappingIssues: ValidationIssue[];
  /** The problems of the refused rows. */
  errors: ImportRowError[];
  /** The bad cells of optional fields, left out of rows that are imported. */
  warnings: ImportRowError[];
  validRows: number;
  failedRows: number;
  warningRows: number;
  /** Every row of the file. */
  totalRows: number;
}

/**
 * Every row of the file checked against the mapping, without writing anything; the counts are over every
 * row. Rows are read as they are checked (none is kept: `onValid` sees each valid one), and the event loop
 * gets a turn every slice of work.
 */
export async function checkRows(
  file: ImportRows,
  mapping: Record<string, string>,
  fields: readonly CustomField[],
  onValid: (row: ValidRow) => void = () => undefined,
): Promise<CheckedRows> {
  const { targets, issues } = resolveMapping(mapping, file.headers.length, fields);
  const checked: CheckedRows = {
    targets,
    mappingIssues: issues,
    errors: [],
    warnings: [],
    validRows: 0,
    failedRows: 0,
    warningRows: 0,
    totalRows: 0,
  };
  if (issues.length) return checked;
  const breaks = new EventLoopBreaks();
  for await (const row of file.rows) {
    if (breaks.due) await breaks.take();
    checked.totalRows += 1;
    const result = validateRow(row, file.headers, targets);
    if (result.ok) {
      checked.validRows += 1;
      onValid(result.row);
      if (result.warnings.length) {
        checked.warningRows += 1;
        checked.warnings.push(...result.warnings);
      }
    } else {
      checked.failedRows += 1;
      checked.errors.push(...result.errors);
    }
  }
  return checked;
}
