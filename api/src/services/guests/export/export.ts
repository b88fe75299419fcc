import { PassThrough, Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import type { GuestExportQuery, GuestListQuery } from "@tessera/shared";
import { AppError } from "../../../errors.ts";
import type { Event } from "../../../models/Event.ts";
import type { Guest } from "../../../models/Guest.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { listCustomFields } from "../customFields.ts";
import { neutralizeCell } from "./cells.ts";
import { resolveExportColumns, textCell } from "./columns.ts";
import { listGuests } from "../list.ts";

const PAGE = 2000;

function csvLine(cells: readonly string[], separator: string): string {
  return cells
    .map((cell) => {
      const safe = neutralizeCell(cell);
      return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(separator);
}

/** Every guest of the filtered view, page by page (the list's own filters, search and sort). */
async function* guestPages(scope: Scope, event: Event, query: GuestListQuery): AsyncGenerator<Guest[]> {
  for (let page = 1; ; page++) {
    const { rows } = await listGuests(scope.db, scope.actor, event.id, { ...query, page, perPage: PAGE, count: false });
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
  }
}

export interface ExportResult {
  contentType: string;
  fileName: string;
  body: Readable | Buffer;
}

/**
 * The current filtered view (anyone who may read the event's guests) as CSV (streamed, UTF-8 with BOM) or XLSX (exceljs).
 * In CSV every cell that could start a formula is neutralised the way the import undoes (cells.ts); in XLSX
 * text is written as text cells, which spreadsheets never evaluate, numbers (number and rating fields,
 * companions expected) as numeric cells and dates (date fields, timestamps) as date cells. A re-import
 * of either gives back the same guests. Failures before the first byte are 'Export failed.' (export_failed).
 */
export async function exportGuests(scope: Scope, key: EventKey, request: GuestExportQuery): Promise<ExportResult> {
  // `columns`: comma-joined guest fields and `cf:<id>`; default: the main guest fields and every custom field.
  const { format = "csv", columns: chosen, separator = ";", ...query } = request;
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const columns = resolveExportColumns(chosen, await listCustomFields(scope.db, event.id));
  const pages = guestPages(scope, event, query);
  let first: IteratorResult<Guest[]>;
  try {
    first = await pages.next(); // bad filters surface here as 422, before anything is sent
  } catch (error) {
    if (error instanceof AppError) throw error;
    scope.logger.error({ err: error }, "guest export failed");
    throw new AppError("export_failed", 500);
  }
  const headers = columns.map((column) => column.header);
  const stamp = scope.clock.now().toISOString().slice(0, 10);
  if (format === "xlsx") {
    try {
      // The streaming writer: the in-memory one hands its XML to JSZip as text, which breaks a character
      // whose UTF-16 halves straddle one of its 16 KB chunks (U+FFFD in the file).
      const output = new PassThrough();
      const written = buffer(output);
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
      const sheet = workbook.addWorksheet("Guests");
      sheet.addRow(headers.map(textCell)).commit();
      for (let result = first; !result.done; result = await pages.next()) {
        for (const guest of result.value) {
          const row = sheet.addRow(columns.map((column) => column.cell(guest)));
          columns.forEach((column, index) => {
            if (column.numFmt) row.getCell(index + 1).numFmt = column.numFmt;
          });
          row.commit();
        }
      }
      sheet.commit();
      await workbook.commit();
      const body = await written;
      return {
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        fileName: `guests-${stamp}.xlsx`,
        body,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      scope.logger.error({ err: error }, "guest export failed");
      throw new AppError("export_failed", 500);
    }
  }
  async function* lines(): AsyncGenerator<string> {
    yield "\ufeff" + csvLine(headers, separator) + "\r\n";
    for (let result = first; !result.done; result = await pages.next()) {
      yield result.value
        .map(
          (guest) =>
            csvLine(
              columns.map((column) => column.text(guest)),
              separator,
            ) + "\r\n",
        )
        .join("");
    }
  }
  return { contentType: "text/csv; charset=utf-8", fileName: `guests-${stamp}.csv`, body: Readable.from(lines()) };
}
