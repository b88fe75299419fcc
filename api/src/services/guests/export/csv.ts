import { Readable } from "node:stream";
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

/** One row's line. */
function rowLine<Row>(columns: readonly ExportColumn<Row>[], separator: string, row: Row): string {
  return (
    csvLine(
      columns.map((column) => column.text(row)),
      separator,
    ) + "\r\n"
  );
}

/**
 * The CSV file (UTF-8 with BOM), one slice of guests at a time, read only as fast as it is sent: every
 * cell that could start a formula neutralised the way the import undoes (cells.ts). A failure once bytes
 * are out can only cut the download: it is handed to `onError` and ends the stream.
 */
export function csvFile<Row>(
  columns: readonly ExportColumn<Row>[],
  separator: string,
  slices: AsyncIterable<Row[]>,
  onError: (error: unknown) => void,
): Readable {
  const headers = columns.map((column) => column.header);
  async function* lines(): AsyncGenerator<string> {
    yield "\ufeff" + csvLine(headers, separator) + "\r\n";
    try {
      for await (const rows of slices) yield rows.map((row) => rowLine(columns, separator, row)).join("");
    } catch (error) {
      onError(error);
      throw error;
    }
  }
  return Readable.from(lines());
}
