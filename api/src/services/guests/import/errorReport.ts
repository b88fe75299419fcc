import type { TFunction } from "@tessera/shared";
import type { EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { neutralizeCell } from "../export/cells.ts";
import { findGuestImportFor } from "./findImport.ts";
import { loadErrorReport } from "./storedFiles.ts";
import type { ImportRowError } from "./validateRow.ts";

/** A cell of a CSV line separated by `separator` (quoted when needed, formulas neutralised). */
export function csvCell(value: string, separator = ","): string {
  const safe = neutralizeCell(value);
  return /[",;\t\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The per-row error report: row (the line of the file the record starts on), column, value, message in
 * the reader's language, separated like the uploaded file (`;` for a French spreadsheet's CSV) so it
 * opens in the same spreadsheet.
 */
export function errorReportCsv(errors: readonly ImportRowError[], t: TFunction, separator = ","): string {
  const line = (cells: string[]) => cells.map((cell) => csvCell(cell, separator)).join(separator);
  const header = [
    t("errors:import_report_row"),
    t("errors:import_report_column"),
    t("errors:import_report_value"),
    t("errors:import_report_message"),
  ];
  const lines = [line(header)];
  for (const error of errors) {
    const message = t(`validation:${error.code}`, { ...error.params });
    lines.push(line([String(error.line), error.column, error.value, message]));
  }
  return "\ufeff" + lines.join("\r\n") + "\r\n";
}

/** The error report of an import as a CSV file in the scope's language, for anyone who may read the event's guests. */
export async function guestImportErrorReport(
  scope: Scope,
  key: EventKey,
  id: string,
): Promise<{ contentType: string; fileName: string; body: string }> {
  const { guestImport } = await findGuestImportFor(scope, key, id, "read");
  return {
    contentType: "text/csv; charset=utf-8",
    fileName: `import-errors-${guestImport.id}.csv`,
    body: errorReportCsv(await loadErrorReport(scope.deps, guestImport), scope.t, guestImport.separator),
  };
}
