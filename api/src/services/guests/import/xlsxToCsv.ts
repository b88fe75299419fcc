import type { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { decodeXlsxText } from "../export/xlsxText.ts";
import { Utf8WorkbookReader } from "./utf8WorkbookReader.ts";

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * A date cell as the import reads dates: dd/mm/yyyy, with HH:mm when it has a time, and HH:mm alone
 * for a time cell (Excel stores those on 30 December 1899). Excel dates carry no time zone:
 * exceljs hands them over as UTC, so UTC parts are the ones typed in the sheet.
 */
function dateText(date: Date): string {
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  if (date.getUTCFullYear() < 1900) return time;
  const day = `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  return time === "00:00" ? day : `${day} ${time}`;
}

/**
 * The text a cell shows: formulas by their result, rich text joined, links by their text, errors empty;
 * text with its `_xHHHH_` escapes read (a CR is stored `_x000D_`).
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return dateText(value);
  if (typeof value === "string") return decodeXlsxText(value);
  if (typeof value !== "object") return String(value);
  if ("richText" in value) return decodeXlsxText(value.richText.map((part) => part.text).join(""));
  if ("formula" in value || "sharedFormula" in value) return cellText(value.result as ExcelJS.CellValue);
  if ("text" in value) return typeof value.text === "string" ? value.text : cellText(value.text as ExcelJS.CellValue);
  return "";
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The lines of the first worksheet of a workbook as CSV (comma), read as a stream so a sheet of any
 * length is never held as a workbook object nor as one text: the caller may stop at any line. Empty rows
 * stay as empty lines, and the file is parsed without counting the line breaks inside cells
 * (parseCsv's "xlsx"), so the error report's line numbers are the sheet's row numbers; a row whose last
 * cells are empty gets them back (as wide as the first row), so it is not taken for a ragged row.
 */
export async function* xlsxCsvLines(input: Readable): AsyncGenerator<string> {
  const reader = new Utf8WorkbookReader(input, {
    worksheets: "emit",
    sharedStrings: "cache",
    styles: "cache", // needed to tell date cells from numbers
    hyperlinks: "ignore",
    entries: "ignore",
  });
  let lines = 0;
  let width = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      for (; lines < row.number - 1; lines++) yield "";
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      // A row's trailing empty cells are not in the file: the row is as wide as the first one.
      width ||= values.length;
      const cells = Array.from({ length: Math.max(width, values.length) }, (_, index) =>
        csvCell(cellText(values[index])),
      );
      lines++;
      yield cells.join(",");
    }
    break; // the first sheet only
  }
}
