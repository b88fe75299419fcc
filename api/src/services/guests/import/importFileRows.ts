import type { FileStorage } from "../../../storage/fileStorage.ts";
import { restoreNeutralizedCell } from "../export/cells.ts";
import type { CsvRecord } from "./csvReader.ts";
import { csvRecordsOfPieces } from "./csvStream.ts";
import type { ImportEncoding } from "./parseFile.ts";
import { textChunks } from "./textChunks.ts";

/** An import's stored file: the uploaded text as it came, or the CSV (UTF-8) of a workbook's first sheet. */
export interface StoredImportFile {
  fileKey: string;
  encoding: ImportEncoding;
  separator: string;
  sourceFormat: "csv" | "xlsx";
  hasHeaders: boolean;
}

/** A stored import file's column titles, and its data rows read from the storage as they are asked for. */
export interface ImportRows {
  headers: string[];
  rows: AsyncIterable<CsvRecord>;
}

async function* decodedPieces(storage: FileStorage, file: StoredImportFile): AsyncGenerator<string> {
  const stored = await storage.get(file.fileKey);
  if (!stored) throw new Error(`The stored import file ${file.fileKey} is missing`);
  const decoder = textChunks(file.encoding);
  try {
    for await (const chunk of stored.stream as AsyncIterable<Buffer>) yield decoder.write(chunk);
    yield decoder.end();
  } finally {
    stored.stream.destroy();
  }
}

/** In a CSV file (not a workbook's text) a cell our export neutralised against formulas is read back as it was. */
async function* restored(records: AsyncIterable<CsvRecord>): AsyncGenerator<CsvRecord> {
  for await (const record of records) yield { line: record.line, cells: record.cells.map(restoreNeutralizedCell) };
}

async function* startingWith(first: CsvRecord, rest: AsyncIterator<CsvRecord>): AsyncGenerator<CsvRecord> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * The rows of a stored import file, decoded and parsed piece by piece as they are read: whatever the
 * file's size, only a piece of it is held. Each row's line is the line of the file it starts on; for the
 * CSV of an Excel sheet, its row in the sheet. (The upload refused malformed files: an unclosed quote in a
 * stored one throws.)
 */
export async function openImportRows(storage: FileStorage, file: StoredImportFile): Promise<ImportRows> {
  const options = { countsQuotedLineBreaks: file.sourceFormat === "csv" };
  const records = csvRecordsOfPieces(decodedPieces(storage, file), file.separator, options);
  const all = (file.sourceFormat === "csv" ? restored(records) : records)[Symbol.asyncIterator]();
  const first = await all.next();
  if (first.done) return { headers: [], rows: (async function* () {})() };
  const titles = first.value.cells;
  if (file.hasHeaders) {
    const headers = titles.map((title, index) => title.trim() || `Column ${index + 1}`);
    return { headers, rows: { [Symbol.asyncIterator]: () => all } };
  }
  const headers = titles.map((_, index) => `Column ${index + 1}`);
  return { headers, rows: startingWith(first.value, all) };
}
