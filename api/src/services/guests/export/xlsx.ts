import { PassThrough, type Readable, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import { textCell, type ExportColumn } from "./columns.ts";

/** Until `stream` has room again (or is gone: the client left). */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done).off("close", done);
      resolve();
    };
    stream.on("drain", done).on("close", done);
  });
}

/**
 * The XLSX file, written while it is sent (exceljs' streaming writer, constant memory), one slice of
 * guests at a time and no further while the client has not taken what is written. Text is written as
 * text cells, which spreadsheets never evaluate; numbers and dates as numeric and date cells. A failure
 * once bytes are out can only cut the download: it is handed to `onError` and ends the stream.
 */
export function xlsxFile<Row>(
  columns: readonly ExportColumn<Row>[],
  slices: AsyncIterable<Row[]>,
  onError: (error: unknown) => void,
  sheetName = "Guests",
): Readable {
  // The streaming writer: the in-memory one hands its XML to JSZip as text, which breaks a character
  // whose UTF-16 halves straddle one of its 16 KB chunks (U+FFFD in the file).
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(columns.map((column) => textCell(column.header))).commit();
  async function write(): Promise<void> {
    for await (const rows of slices) {
      if (output.destroyed) return;
      for (const item of rows) {
        const row = sheet.addRow(columns.map((column) => column.cell(item)));
        columns.forEach((column, index) => {
          if (column.numFmt) row.getCell(index + 1).numFmt = column.numFmt;
        });
        row.commit();
      }
      await drained(output);
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
