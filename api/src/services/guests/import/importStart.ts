import type { FileStorage } from "../../../storage/fileStorage.ts";
import { restoreNeutralizedCell } from "../export/cells.ts";
import type { CsvRecord } from "./csvReader.ts";
import { CsvRecordScanner } from "./csvRecordScanner.ts";
import type { ImportEncoding } from "./parseFile.ts";
import { textChunks } from "./textChunks.ts";

export interface StoredImportFile {
  fileKey: string;
  encoding: ImportEncoding;
  separator: string;
  sourceFormat: "csv" | "xlsx";
  hasHeaders: boolean;
}

export interface ImportStart {
  headers: string[];
  /** The first data rows. */
  rows: CsvRecord[];
}

/**
 * The column titles and first rows of a stored import file, decoded and parsed as processing reads it
 * (parseCsv), from only as much of the file as they take.
 */
export async function readImportStart(
  storage: FileStorage,
  file: StoredImportFile,
  rows: number,
): Promise<ImportStart> {
  const stored = await storage.get(file.fileKey);
  if (!stored) throw new Error(`The stored import file ${file.fileKey} is missing`);
  const wanted = rows + (file.hasHeaders ? 1 : 0);
  const scanner = new CsvRecordScanner(file.separator, {
    countsQuotedLineBreaks: file.sourceFormat === "csv",
    keep: wanted,
  });
  const decoder = textChunks(file.encoding);
  try {
    for await (const chunk of stored.stream as AsyncIterable<Buffer>) {
      scanner.write(decoder.write(chunk));
      if (scanner.kept.length >= wanted) break;
    }
    if (scanner.kept.length < wanted) {
      scanner.write(decoder.end());
      scanner.end();
    }
  } finally {
    stored.stream.destroy();
  }
  const records = scanner.kept;
  // In a CSV file (not a workbook's text) a cell our export neutralised against formulas is read back as it was.
  if (file.sourceFormat === "csv")
    for (const record of records) record.cells = record.cells.map(restoreNeutralizedCell);
  const first = records[0]?.cells ?? [];
  const headers = file.hasHeaders
    ? first.map((title, index) => title.trim() || `Column ${index + 1}`)
    : first.map((_, index) => `Column ${index + 1}`);
  return { headers, rows: file.hasHeaders ? records.slice(1) : records };
}
