import type { CustomField } from "../../../models/CustomField.ts";
import { EventLoopBreaks } from "../../eventLoopBreaks.ts";
import type { ImportRows } from "./parseFile.ts";
import { resolveMapping, type ImportTarget } from "./columnMapping.ts";
import { validateRow, type ImportRowError, type ValidRow } from "./validateRow.ts";
import type { ValidationIssue } from "@tessera/shared";

export interface CheckedRows {
  targets: Map<number, ImportTarget>;
  mappingIssues: ValidationIssue[];
  valid: ValidRow[];
  /** The problems of the refused rows. */
  errors: ImportRowError[];
  /** The bad cells of optional fields, left out of rows that are imported. */
  warnings: ImportRowError[];
  failedRows: number;
  warningRows: number;
  /** Every row of the file. */
  totalRows: number;
}

/**
 * Every row of the file checked against the mapping, without writing anything; the counts are over every
 * row. Rows are read as they are checked, and the event loop gets a turn every slice of work.
 */
export async function checkRows(
  file: ImportRows,
  mapping: Record<string, string>,
  fields: readonly CustomField[],
): Promise<CheckedRows> {
  const { targets, issues } = resolveMapping(mapping, file.headers.length, fields);
  const valid: ValidRow[] = [];
  const errors: ImportRowError[] = [];
  const warnings: ImportRowError[] = [];
  let failedRows = 0;
  let warningRows = 0;
  let totalRows = 0;
  if (issues.length)
    return { targets, mappingIssues: issues, valid, errors, warnings, failedRows, warningRows, totalRows };
  const breaks = new EventLoopBreaks();
  for (const row of file.rows) {
    if (breaks.due) await breaks.take();
    totalRows += 1;
    const result = validateRow(row, file.headers, targets);
    if (result.ok) {
      valid.push(result.row);
      if (result.warnings.length) {
        warningRows += 1;
        warnings.push(...result.warnings);
      }
    } else {
      failedRows += 1;
      errors.push(...result.errors);
    }
  }
  return { targets, mappingIssues: [], valid, errors, warnings, failedRows, warningRows, totalRows };
}
