import type { CustomField } from "../../../models/CustomField.ts";
import type { ParsedFile } from "./parseFile.ts";
import { resolveMapping, type ImportTarget } from "./columnMapping.ts";
import { validateRow, type ImportRowError, type ValidRow } from "./validateRow.ts";
import type { ValidationIssue } from "@tessera/shared";

export interface CheckedRows {
  targets: Map<number, ImportTarget>;
  mappingIssues: ValidationIssue[];
  valid: ValidRow[];
  errors: ImportRowError[];
  failedRows: number;
}

/** Every row of the file checked against the mapping, without writing anything. */
export function checkRows(
  file: ParsedFile,
  mapping: Record<string, string>,
  fields: readonly CustomField[],
): CheckedRows {
  const { targets, issues } = resolveMapping(mapping, file.headers.length, fields);
  const valid: ValidRow[] = [];
  const errors: ImportRowError[] = [];
  let failedRows = 0;
  if (issues.length) return { targets, mappingIssues: issues, valid, errors, failedRows };
  for (const row of file.rows) {
    const result = validateRow(row, file.headers, targets);
    if (result.ok) valid.push(result.row);
    else {
      failedRows += 1;
      errors.push(...result.errors);
    }
  }
  return { targets, mappingIssues: [], valid, errors, failedRows };
}
