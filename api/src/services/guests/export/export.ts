import type { Readable } from "node:stream";
import type { GuestExportQuery } from "@tessera/shared";
import { AppError } from "../../../errors.ts";
import type { Guest } from "../../../models/Guest.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { listCustomFields } from "../customFields.ts";
import { resolveExportColumns } from "./columns.ts";
import { csvFile } from "./csv.ts";
import { readGuestSlices } from "./pages.ts";
import { xlsxFile } from "./xlsx.ts";

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
  const { format = "csv", columns: chosen, separator = ";", ...query } = request;
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const columns = resolveExportColumns(chosen, await listCustomFields(scope.db, event.id));
  let slices: AsyncIterable<Guest[]>;
  try {
    slices = await readGuestSlices(scope, event.id, query); // bad filters surface here as 422
  } catch (error) {
    if (error instanceof AppError) throw error;
    scope.logger.error({ err: error }, "guest export failed");
    throw new AppError("export_failed", 500);
  }
  const stamp = scope.clock.now().toISOString().slice(0, 10);
  const cutShort = (error: unknown) => scope.logger.error({ err: error }, "guest export failed");
  if (format === "xlsx")
    return {
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      fileName: `guests-${stamp}.xlsx`,
      body: xlsxFile(columns, slices, cutShort),
    };
  return {
    contentType: "text/csv; charset=utf-8",
    fileName: `guests-${stamp}.csv`,
    body: csvFile(columns, separator, slices, cutShort),
  };
}
