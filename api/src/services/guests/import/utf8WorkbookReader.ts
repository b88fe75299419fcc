import { ReadStream, rmSync } from "node:fs";
import type { Readable } from "node:stream";
import ExcelJS from "exceljs";

/*
 * exceljs's streaming reader decodes each chunk of the unzipped XML on its own, so a character whose
 * UTF-8 bytes straddle two chunks (accents, emoji, any non-ASCII text in a sheet of some size) comes out
 * as U+FFFD and the row is refused as badly encoded. This reader hands it text decoded across chunks.
 */

/** The chunks as text, a character split between two chunks decoded whole. */
async function* utf8Chunks(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of chunks) {
    const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The reader's two entry points that read XML text (not in exceljs's typings). */
interface ReaderInternals {
  _parseWorksheet(iterator: AsyncIterable<Uint8Array | string>, sheetNo: string): Iterable<unknown>;
  _parseSharedStrings(entry: Readable): unknown;
}
const base = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;

export class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  /**
   * A worksheet that comes before the shared strings (or in a workbook without them) is first copied to a
   * temporary file, which exceljs removes only once the sheet has been read to its end: a reading stopped
   * earlier (the first sheet only, or a row limit) removes it here.
   */
  *_parseWorksheet(iterator: AsyncIterable<Uint8Array | string>, sheetNo: string): Generator<unknown> {
    try {
      yield* base._parseWorksheet.call(this, utf8Chunks(iterator), sheetNo);
    } finally {
      if (iterator instanceof ReadStream) {
        iterator.destroy();
        rmSync(iterator.path, { force: true });
      }
    }
  }

  _parseSharedStrings(entry: Readable): unknown {
    entry.setEncoding("utf8"); // a string decoder that keeps a split character for the next chunk
    return base._parseSharedStrings.call(this, entry);
  }
}
