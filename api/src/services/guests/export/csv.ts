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

/**
 * The CSV file (UTF-8 with BOM), one slice of guests at a time, read only as fast as it is sent: every
 * cell that could start a formula neutralised the way the import undoes (cells.ts).
 */
export function csvFile(columns: readonly ExportColumn[], separator: string, slices: AsyncIterable<Guest[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield (
      "\ufeff" +
      csvLine(
        columns.map((column) => column.header),
        separator,
      ) +
      "\r\n"
    );
    for await (const guests of slices)
      yield guests
        .map(
          (guest) =>
            csvLine(
              columns.map((column) => column.text(guest)),
              separator,
            ) + "\r\n",
        )
        .join("");
  }
  return Readable.from(lines());
}
