import type { Readable } from "node:stream";
import { AppError } from "../../../errors.ts";
import type { FileStorage } from "../../../storage/fileStorage.ts";
import { EventLoopBreaks } from "../../eventLoopBreaks.ts";
import { CsvPieceReader } from "./csvStream.ts";
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

/** The sheet's records counted as its CSV is written (blank rows left out, as every reading of it does). */
class SheetRecords {
  count = 0;
  private readonly reader = new CsvPieceReader(",", { countsQuotedLineBreaks: false });
  write(text: string): void {
    this.count += this.reader.write(text).length;
  }
  end(): void {
    this.count += this.reader.end().length;
  }
}

/** The CSV of the sheet in pieces of about WRITE_CHARS, its records counted: past the limit it stops. */
async function* sheetCsv(workbook: Readable, records: SheetRecords, maxRows: number): AsyncGenerator<Buffer> {
  const limit = mostRecords(maxRows);
  let pending = "";
  let isFirst = true;
  const breaks = new EventLoopBreaks(TURN_MS);
  try {
    for await (const line of xlsxCsvLines(workbook)) {
      const text = isFirst ? line : "\r\n" + line;
      isFirst = false;
      records.write(text);
      if (records.count > limit) throw tooManyRows(maxRows);
      pending += text;
      if (breaks.due) await breaks.take();
      if (pending.length >= WRITE_CHARS) {
        yield Buffer.from(pending, "utf8");
        pending = "";
      }
    }
  } catch (error) {
    throw error instanceof AppError ? error : unreadableWorkbook();
  }
  if (pending) yield Buffer.from(pending, "utf8");
  records.end();
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
  const records = new SheetRecords();
  let workbook: Readable | undefined;
  try {
    await storage.putStream(keys.workbookKey, upload.whole(), { contentType: XLSX_TYPE });
    const stored = await storage.get(keys.workbookKey);
    if (!stored) throw new Error(`The uploaded workbook ${keys.workbookKey} is missing`);
    workbook = stored.stream;
    await storage.putStream(keys.fileKey, sheetCsv(workbook, records, maxRows), { contentType: "text/csv" });
  } finally {
    workbook?.destroy();
    await storage.delete(keys.workbookKey);
  }
  return { records: records.count };
}
