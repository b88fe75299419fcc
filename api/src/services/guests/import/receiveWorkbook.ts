import type { Readable } from "node:stream";
import { AppError } from "../../../errors.ts";
import type { FileStorage } from "../../../storage/fileStorage.ts";
import { CsvRecordScanner } from "./csvRecordScanner.ts";
import type { UploadHead } from "./uploadHead.ts";
import { mostRecords, tooManyRows, unreadableWorkbook } from "./uploadRefusals.ts";
import { xlsxCsvLines } from "./xlsxToCsv.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** How much CSV text is gathered before it is written: a write per row would cost more than the row. */
const WRITE_CHARS = 64 * 1024;

/**
 * The reader hands rows over in promises that resolve at once, a piece of the archive at a time: without
 * a pause now and then, other requests would wait for a whole piece's rows.
 */
const TURN_MS = 4;

/** The CSV of the sheet in pieces of about WRITE_CHARS, its records counted: past the limit it stops. */
async function* sheetCsv(workbook: Readable, scanner: CsvRecordScanner, maxRows: number): AsyncGenerator<Buffer> {
  const limit = mostRecords(maxRows);
  let pending = "";
  let isFirst = true;
  let turnStarted = performance.now();
  try {
    for await (const line of xlsxCsvLines(workbook)) {
      const text = isFirst ? line : "\r\n" + line;
      isFirst = false;
      scanner.write(text);
      if (scanner.records > limit) throw tooManyRows(maxRows);
      pending += text;
      if (performance.now() - turnStarted > TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turnStarted = performance.now();
      }
      if (pending.length >= WRITE_CHARS) {
        yield Buffer.from(pending, "utf8");
        pending = "";
      }
    }
  } catch (error) {
    throw error instanceof AppError ? error : unreadableWorkbook();
  }
  if (pending) yield Buffer.from(pending, "utf8");
  scanner.end();
}

/**
 * Stores an Excel upload as the CSV (UTF-8, comma) of its first sheet: the workbook is streamed to a
 * temporary file, then read row by row into the CSV, which is written as it comes; past the row limit
 * the reading stops there and nothing is kept. The temporary workbook is removed either way.
 */
export async function receiveWorkbook(
  storage: FileStorage,
  keys: { fileKey: string; workbookKey: string },
  upload: UploadHead,
  maxRows: number,
): Promise<{ records: number }> {
  const scanner = new CsvRecordScanner(",", { countsQuotedLineBreaks: false, keep: 0 });
  let workbook: Readable | undefined;
  try {
    await storage.putStream(keys.workbookKey, upload.whole(), { contentType: XLSX_TYPE });
    const stored = await storage.get(keys.workbookKey);
    if (!stored) throw new Error(`The uploaded workbook ${keys.workbookKey} is missing`);
    workbook = stored.stream;
    await storage.putStream(keys.fileKey, sheetCsv(workbook, scanner, maxRows), { contentType: "text/csv" });
  } finally {
    workbook?.destroy();
    await storage.delete(keys.workbookKey);
  }
  return { records: scanner.records };
}
