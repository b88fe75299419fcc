import type { Readable } from "node:stream";
import type { GuestExportQuery } from "@tessera/shared";
import { AppError } from "../../../errors.ts";
import type { Guest } from "../../../models/Guest.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { listCustomFields } from "../customFields.ts";
import { guestListTitle } from "../screenLabels.ts";
import { resolveExportColumns } from "./columns.ts";
import { csvFile } from "./csv.ts";
import { readGuestSlices } from "./pages.ts";
import { xlsxFile } from "./xlsx.ts";

/** "Salon du livre - Invités - 2026-11-26": what the file is, from its name; characters no system takes in one are dropped. */
export function exportFileName(eventName: string, what: string, stamp: string): string {
  const safe = eventName
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return [safe, what, stamp].filter(Boolean).join(" - ");
}

export interface ExportResult {
  contentType: string;
  fileName: string;
  body: Readable;
}

/**
 * The current filtered view (anyone who may read the event's guests) as CSV (UTF-8 with BOM) or XLSX,
 * streamed in constant memory, a slice of guests per turn of the event loop so the server keeps
 * answering others meanwhile. A re-import of either gives back the same guests. Failures before the
 * first byte are 'Export failed.' (export_failed); a later one cuts the download.
 */
export async function exportGuests(scope: Scope, key: EventKey, request: GuestExportQuery): Promise<ExportResult> {
  // `columns`: comma-joined guest fields and `cf:<id>`; default: the main guest fields and every custom field.
  const { format = "csv", columns: chosen, separator = ";", lang, ...query } = request;
  const language = lang ?? scope.language;
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const columns = resolveExportColumns(chosen, await listCustomFields(scope.db, event.id), language);
  let slices: AsyncIterable<Guest[]>;
  try {
    slices = await readGuestSlices(scope, event.id, query); // bad filters surface here as 422
  } catch (error) {
    if (error instanceof AppError) throw error;
    scope.logger.error({ err: error }, "guest export failed");
    throw new AppError("export_failed", 500);
  }
  const stamp = scope.clock.now().toISOString().slice(0, 10);
  const name = exportFileName(event.name, guestListTitle(language), stamp);
  const cutShort = (error: unknown) => scope.logger.error({ err: error }, "guest export failed");
  if (format === "xlsx")
    return {
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      fileName: `${name}.xlsx`,
      body: xlsxFile(columns, slices, cutShort),
    };
  return {
    contentType: "text/csv; charset=utf-8",
    fileName: `${name}.csv`,
    body: csvFile(columns, separator, slices, cutShort),
  };
}
