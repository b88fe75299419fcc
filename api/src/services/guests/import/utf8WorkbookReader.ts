import { ReadStream, rmSync } from "node:fs";
import type { Readable } from "node:stream";
import ExcelJS from "exceljs";

/*
 * exceljs's streaming reader decodes each chunk of the unzipped XML on its own, so a character whose
 * UTF-8 bytes straddle two chunks (accents, emoji, any non-ASCII text in a sheet of some size) comes out
 * as U+FFFD and the row is refused as badly encoded. This reader hands it text decoded across chunks.
 */

/**
 * The most text parsed at once: the reader turns a whole piece into rows before handing the first one
 * over, and a 64 KB chunk of a sheet is some 500 rows, long enough to keep other requests waiting.
 */
const PIECE_CHARS = 16 * 1024;

/** The text in pieces of at most PIECE_CHARS, never cutting a character of two UTF-16 code units. */
function* pieces(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + PIECE_CHARS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--; // a high surrogate stays with its pair
    yield text.slice(start, end);
    start = end;
  }
}

/** The chunks as text, a character split between two chunks decoded whole. */
async function* utf8Chunks(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of chunks) {
    yield* pieces(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
  }
  yield* pieces(decoder.decode());
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
