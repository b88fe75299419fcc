import { Readable } from "node:stream";
import type { TFunction } from "@tessera/shared";
import { EventLoopBreaks } from "../../eventLoopBreaks.ts";
import type { EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { neutralizeCell } from "../export/cells.ts";
import { findGuestImportFor } from "./findImport.ts";
import { loadErrorReport, type ImportReport } from "./storedFiles.ts";
import type { ImportRowError } from "./validateRow.ts";

/** A cell of a CSV line separated by `separator` (quoted when needed, formulas neutralised). */
export function csvCell(value: string, separator = ","): string {
  const safe = neutralizeCell(value);
  return /[",;\t\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The per-row report: row (the line of the file the record starts on), column, value, message in the
 * reader's language, and what became of it: the refused rows' problems first ("row not imported"), then
 * the cells left out of imported rows ("imported without this value"). Separated like the uploaded file
 * (`;` for a French spreadsheet's CSV) so it opens in the same spreadsheet. Written as it is read.
 */
export async function* errorReportCsv(report: ImportReport, t: TFunction, separator = ","): AsyncGenerator<string> {
  const line = (cells: string[]) => cells.map((cell) => csvCell(cell, separator)).join(separator);
  const breaks = new EventLoopBreaks();
  const header = [
    t("errors:import_report_row"),
    t("errors:import_report_column"),
    t("errors:import_report_value"),
    t("errors:import_report_message"),
    t("errors:import_report_outcome"),
  ];
  yield "\ufeff" + line(header) + "\r\n";
  const sections: Array<[readonly ImportRowError[], string]> = [
    [report.errors, t("errors:import_report_refused")],
    [report.warnings, t("errors:import_report_left_out")],
  ];
  // Written in chunks with breaks for the event loop: a report may hold a line for each of 100k rows.
  let chunk = "";
  for (const [problems, outcome] of sections) {
    for (const problem of problems) {
      const message = t(`validation:${problem.code}`, { ...problem.params });
      chunk += line([String(problem.line), problem.column, problem.value, message, outcome]) + "\r\n";
      if (breaks.due) {
        yield chunk;
        chunk = "";
        await breaks.take();
      }
    }
  }
  if (chunk) yield chunk;
}

/** The error report of an import as a CSV file in the scope's language, for anyone who may read the event's guests. */
export async function guestImportErrorReport(
  scope: Scope,
  key: EventKey,
  id: string,
): Promise<{ contentType: string; fileName: string; body: Readable }> {
  const { guestImport } = await findGuestImportFor(scope, key, id, "read");
  return {
    contentType: "text/csv; charset=utf-8",
    fileName: `import-errors-${guestImport.id}.csv`,
    body: Readable.from(errorReportCsv(await loadErrorReport(scope.deps, guestImport), scope.t, guestImport.separator)),
  };
}
