import { restoreNeutralizedCell } from "../export/cells.ts";
import { csvRecords, UnclosedQuoteError, type CsvRecord, type ReadCsvOptions } from "./csvReader.ts";
import type { ImportEncoding } from "@tessera/shared";
import { decodeUtf16, detectUtf16 } from "./utf16.ts";

export type { ImportEncoding };
export const IMPORT_SEPARATORS = [",", ";", "\t"] as const;

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((byte, index) => bytes[index] === byte);
}

/**
 * UTF-16 (Excel's "Unicode text") when it has a UTF-16 BOM or the NUL bytes of UTF-16; else UTF-8 (with
 * or without BOM) when the bytes are valid UTF-8, otherwise Windows-1252 (what Excel writes on Windows):
 * an invalid UTF-8 sequence is the sign of a single-byte file.
 */
export function detectEncoding(bytes: Uint8Array): ImportEncoding {
  const utf16 = detectUtf16(bytes);
  if (utf16) return utf16;
  if (hasUtf8Bom(bytes)) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/**
 * Windows-1252 characters of bytes 0x80–0x9F (ISO-8859-1 elsewhere). The five bytes the code page
 * leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay C1 controls, reported as unreadable.
 * Spelled out rather than left to TextDecoder, whose windows-1252 is plain Latin-1 without full ICU.
 */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return latin1.replace(/[\u0080-\u009f]/g, (character) => CP1252_HIGH[character.charCodeAt(0) - 0x80]!);
}

/** The text of the file in its encoding, without a BOM. */
export function decodeFile(bytes: Uint8Array, encoding: ImportEncoding): string {
  if (encoding === "windows-1252") return decodeWindows1252(bytes);
  if (encoding === "utf-16le" || encoding === "utf-16be") return decodeUtf16(bytes, encoding);
  // Invalid UTF-8 (only possible when the encoding was forced) becomes U+FFFD, reported per row.
  return new TextDecoder("utf-8").decode(hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes);
}

/** How often each separator appears on each of the first lines, quoted text left out. */
function separatorCounts(text: string, maxLines: number): Array<Record<string, number>> {
  const lines: Array<Record<string, number>> = [];
  let counts: Record<string, number> = { ",": 0, ";": 0, "\t": 0 };
  let inQuotes = false;
  for (let index = 0; index < text.length && lines.length < maxLines; index++) {
    const character = text[index]!;
    if (character === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (character === "\n" || character === "\r")) {
      if (character === "\r" && text[index + 1] === "\n") index++;
      lines.push(counts);
      counts = { ",": 0, ";": 0, "\t": 0 };
    } else if (!inQuotes && character in counts) counts[character]! += 1;
  }
  if (lines.length < maxLines && Object.values(counts).some((count) => count > 0)) lines.push(counts);
  return lines;
}

/**
 * The separator among `,` `;` and TAB: the one found on the first line that keeps the most steady
 * count over the next lines (ties: the most frequent). A file of one column falls back to `,`.
 */
export function detectSeparator(text: string): string {
  const lines = separatorCounts(text, 10);
  let best = ",";
  let bestScore = -1;
  for (const separator of IMPORT_SEPARATORS) {
    const first = lines[0]?.[separator] ?? 0;
    if (first === 0) continue;
    const steady = lines.filter((line) => line[separator] === first).length;
    const score = steady * 1000 + first;
    if (score > bestScore) {
      best = separator;
      bestScore = score;
    }
  }
  return best;
}

export interface ParsedFile {
  headers: string[];
  /** Data rows (the header line left out when the file has one), each with its line number in the file. */
  rows: Array<{ line: number; cells: string[] }>;
}

/** A file's headers, and its data rows read one at a time as they are asked for. */
export interface ImportRows {
  headers: string[];
  rows: Iterable<CsvRecord>;
}

export class MalformedCsvError extends Error {
  constructor(readonly line: number) {
    super(`Malformed CSV near line ${line}`);
  }
}

function* malformedAsError(records: Iterator<CsvRecord>): Generator<CsvRecord> {
  for (;;) {
    let next: IteratorResult<CsvRecord>;
    try {
      next = records.next();
    } catch (error) {
      if (error instanceof UnclosedQuoteError) throw new MalformedCsvError(error.line);
      throw error;
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The text's rows, read lazily: rows of any length are kept (a ragged row is reported per row, not
 * fatal). Each row's line is the line of the file it starts on; for the CSV of an Excel sheet, its row
 * in the sheet. In a CSV file (not a workbook's text) a cell our export neutralised against formulas
 * (`'=…`, `'+33…`) is read back as it was (export/cells.ts). An unclosed quote throws MalformedCsvError
 * when reading reaches it.
 */
export function readImportRows(
  text: string,
  separator: string,
  hasHeaders: boolean,
  sourceFormat: "csv" | "xlsx" = "csv",
): ImportRows {
  const options: ReadCsvOptions = { countsQuotedLineBreaks: sourceFormat === "csv" };
  const restoreNeutralized = sourceFormat === "csv";
  const records = malformedAsError(csvRecords(text, separator, options)[Symbol.iterator]());
  const restored = restoreNeutralized ? restoreEach(records) : records;
  const first = hasHeaders ? restored.next() : null;
  const firstCells = first && !first.done ? first.value.cells : [];
  const headers = firstCells.map((title, index) => title.trim() || `Column ${index + 1}`);
  if (hasHeaders) return { headers, rows: restored };
  // Without a header line the first row is data, and it tells how many columns there are.
  const head = restored.next();
  const rows = head.done ? [] : prepend(head.value, restored);
  return { headers: head.done ? [] : head.value.cells.map((_, index) => `Column ${index + 1}`), rows };
}

function* restoreEach(records: Iterable<CsvRecord>): Generator<CsvRecord> {
  for (const record of records) yield { line: record.line, cells: record.cells.map(restoreNeutralizedCell) };
}

function* prepend(first: CsvRecord, rest: Iterable<CsvRecord>): Generator<CsvRecord> {
  yield first;
  yield* rest;
}

/** readImportRows with every row read at once. */
export function parseCsv(
  text: string,
  separator: string,
  hasHeaders: boolean,
  sourceFormat: "csv" | "xlsx" = "csv",
): ParsedFile {
  const { headers, rows } = readImportRows(text, separator, hasHeaders, sourceFormat);
  return { headers, rows: [...rows] };
}

/** Characters that only a wrongly decoded file holds: NUL, replacement characters, C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BROKEN_TEXT = /[\u0000\u0080-\u009f\ufffd]/;

export function hasBrokenCharacters(value: string): boolean {
  return BROKEN_TEXT.test(value);
}
