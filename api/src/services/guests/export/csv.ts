import { Readable } from "node:stream";
import type { Guest } from "../../../models/Guest.ts";
import { neutralizeCell } from "./cells.ts";
import type { ExportColumn } from "./columns.ts";

function csvLine(cells: readonly string[], separator: string): string {
  return cells
    .map((cell) => {
      const safe = neutralizeCell(cell);
      return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(separator);
}

/** One guest's line. */
function guestLine(columns: readonly ExportColumn[], separator: string, guest: Guest): string {
  return (
    csvLine(
      columns.map((column) => column.text(guest)),
      separator,
    ) + "\r\n"
  );
}

/**
 * The CSV file (UTF-8 with BOM), one slice of guests at a time, read only as fast as it is sent: every
 * cell that could start a formula neutralised the way the import undoes (cells.ts). A failure once bytes
 * are out can only cut the download: it is handed to `onError` and ends the stream.
 */
export function csvFile(
  columns: readonly ExportColumn[],
  separator: string,
  slices: AsyncIterable<Guest[]>,
  onError: (error: unknown) => void,
): Readable {
  const headers = columns.map((column) => column.header);
  async function* lines(): AsyncGenerator<string> {
    yield "\ufeff" + csvLine(headers, separator) + "\r\n";
    try {
      for await (const guests of slices) yield guests.map((guest) => guestLine(columns, separator, guest)).join("");
    } catch (error) {
      onError(error);
      throw error;
    }
  }
  return Readable.from(lines());
}
