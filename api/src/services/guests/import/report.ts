import type { TFunction } from "@tessera/shared";
import type { GuestImport } from "../../../models/GuestImport.ts";
import { neutralizeCell } from "../export/cells.ts";
import type { ImportRowError } from "./rows.ts";
import { liveImportProgress } from "./process.ts";

/** A cell of a `,`-separated CSV line (quoted when needed, formulas neutralised). */
export function csvCell(value: string): string {
  const safe = neutralizeCell(value);
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The per-row error report: row (file line), column, value, message in the reader's language. */
export function errorReportCsv(errors: readonly ImportRowError[], t: TFunction): string {
  const header = [
    t("errors:import_report_row"),
    t("errors:import_report_column"),
    t("errors:import_report_value"),
    t("errors:import_report_message"),
  ];
  const lines = [header.map(csvCell).join(",")];
  for (const error of errors) {
    const message = t(`validation:${error.code}`, { ...error.params });
    lines.push([String(error.line), error.column, error.value, message].map(csvCell).join(","));
  }
  return "\ufeff" + lines.join("\r\n") + "\r\n";
}

export function presentGuestImport(guestImport: GuestImport) {
  const live = guestImport.status === "processing" ? liveImportProgress(guestImport.id) : undefined;
  return {
    id: guestImport.id,
    eventId: guestImport.eventId,
    status: guestImport.status,
    fileName: guestImport.fileName,
    encoding: guestImport.encoding,
    separator: guestImport.separator,
    sourceFormat: guestImport.sourceFormat,
    hasHeaders: guestImport.hasHeaders,
    headers: guestImport.headers,
    mapping: guestImport.mapping,
    totalRows: guestImport.totalRows,
    processedRows: live ?? guestImport.processedRows,
    createdRows: guestImport.createdRows,
    updatedRows: guestImport.updatedRows,
    failedRows: guestImport.failedRows,
    hasErrorReport: Boolean(guestImport.errorReportKey) && guestImport.failedRows > 0,
    startedAt: guestImport.startedAt?.toISOString() ?? null,
    finishedAt: guestImport.finishedAt?.toISOString() ?? null,
    createdAt: guestImport.createdAt.toISOString(),
  };
}
