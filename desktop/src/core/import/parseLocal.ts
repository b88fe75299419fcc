/**
 * Reads a guest file picked on the desk, locally and as a stream (a large file is never held whole): what it is
 * (CSV text or an .xlsx workbook, from its bytes as the server decides), its rows (the header line left out,
 * blank lines too), the headers and the first rows, for a preview before anything is sent.
 */
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";

export interface LocalPreview {
  kind: "csv" | "xlsx";
  /** Data rows: the records after the header line. */
  rows: number;
  headers: string[];
  firstRows: string[][];
  /** For a CSV file: how it is decoded and separated (null for a workbook). */
  encoding: string | null;
  separator: string | null;
}

/** A file the server would refuse too: its code is the server's (the errors catalogue says it in every language). */
export class LocalFileError extends Error {
  override name = "LocalFileError";
  constructor(readonly code: "import_not_text" | "import_empty_file") {
    super(code === "import_empty_file" ? "The file is empty" : "The file is neither CSV text nor an .xlsx workbook");
  }
}

const HEAD_BYTES = 64 * 1024;
const PREVIEW_ROWS = 10;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

async function readHead(filePath: string): Promise<Buffer> {
  const file = await open(filePath, "r");
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The text encoding the bytes show: a BOM, NUL bytes (UTF-16), valid UTF-8, else Windows-1252. */
function encodingOf(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  const nul = head.indexOf(0);
  if (nul >= 0) return nul % 2 === 1 ? "utf-16le" : "utf-16be";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/** Control characters other than TAB, LF, FF and CR: a few mean binary data, not a guest list. */
function isBinary(text: string): boolean {
  let controls = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) controls++;
  }
  return controls > text.length / 100;
}

/** The separator of the first line: the most frequent of `;` TAB `,` (`,` when none). */
function separatorOf(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? "";
  const counts = [";", "\t", ","].map((separator) => ({ separator, count: firstLine.split(separator).length - 1 }));
  const best = counts.reduce((most, next) => (next.count > most.count ? next : most));
  return best.count > 0 ? best.separator : ",";
}

function summary(records: string[][], count: number): Omit<LocalPreview, "kind" | "encoding" | "separator"> {
  if (count === 0) throw new LocalFileError("import_empty_file");
  return { rows: count - 1, headers: records[0] ?? [], firstRows: records.slice(1, PREVIEW_ROWS + 1) };
}

async function previewCsv(filePath: string, head: Buffer): Promise<LocalPreview> {
  const encoding = encodingOf(head);
  const decoder = new TextDecoder(encoding);
  const start = decoder.decode(head.subarray(0, HEAD_BYTES - 4));
  if (isBinary(start)) throw new LocalFileError("import_not_text");
  const separator = separatorOf(start.replace(/^\uFEFF/, ""));
  const parser = parse({ delimiter: separator, bom: true, relax_column_count: true, relax_quotes: true });
  const feeding = (async () => {
    const streaming = new TextDecoder(encoding);
    for await (const chunk of createReadStream(filePath)) {
      if (!parser.write(streaming.decode(chunk as Buffer, { stream: true }))) await once(parser, "drain");
    }
    parser.end(streaming.decode());
  })();
  const kept: string[][] = [];
  let count = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    if (record.every((cell) => cell === "")) continue; // a blank line, as the server leaves them out
    if (count <= PREVIEW_ROWS) kept.push(record);
    count++;
  }
  await feeding;
  return { kind: "csv", encoding, separator, ...summary(kept, count) };
}

/** A cell as the sheet shows it: formulas by their result, rich text joined, links by their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== "object") return String(value);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("formula" in value || "sharedFormula" in value) return cellText(value.result as ExcelJS.CellValue);
  if ("text" in value) return typeof value.text === "string" ? value.text : cellText(value.text as ExcelJS.CellValue);
  return "";
}

async function previewWorkbook(filePath: string): Promise<LocalPreview> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    worksheets: "emit",
    sharedStrings: "cache",
    styles: "ignore",
    hyperlinks: "ignore",
    entries: "ignore",
  });
  // exceljs reads the workbook's sheet list (xl/workbook.xml) into `model`, and fails on a sheet that comes first.
  const internals = reader as unknown as { model?: object };
  internals.model ??= {};
  const kept: string[][] = [];
  let count = 0;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (cells.every((cell) => cell === "")) continue;
        if (count <= PREVIEW_ROWS) kept.push(cells);
        count++;
      }
      break; // the first sheet only, as the server reads it
    }
  } catch (error) {
    if (error instanceof LocalFileError) throw error;
    throw new LocalFileError("import_not_text");
  }
  const width = kept[0]?.length ?? 0;
  const padded = kept.map((cells) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill("")]);
  return { kind: "xlsx", encoding: null, separator: null, ...summary(padded, count) };
}

export async function previewLocalFile(filePath: string): Promise<LocalPreview> {
  const head = await readHead(filePath);
  if (head.length === 0) throw new LocalFileError("import_empty_file");
  if (ZIP_MAGIC.every((byte, index) => head[index] === byte)) return previewWorkbook(filePath);
  return previewCsv(filePath, head);
}
