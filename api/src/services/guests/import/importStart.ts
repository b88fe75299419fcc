import type { FileStorage } from "../../../storage/fileStorage.ts";
import type { CsvRecord } from "./csvReader.ts";
import { openImportRows, type StoredImportFile } from "./importFileRows.ts";

export interface ImportStart {
  headers: string[];
  /** The first data rows. */
  rows: CsvRecord[];
}

/**
 * The column titles and first rows of a stored import file, decoded and parsed as processing reads it,
 * from only as much of the file as they take.
 */
export async function readImportStart(
  storage: FileStorage,
  file: StoredImportFile,
  count: number,
): Promise<ImportStart> {
  const { headers, rows } = await openImportRows(storage, file);
  const first: CsvRecord[] = [];
  if (count > 0)
    for await (const row of rows) {
      first.push(row);
      if (first.length >= count) break;
    }
  return { headers, rows: first };
}
