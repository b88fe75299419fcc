/**
 * The bulk import's view of `window.desk`: the import handlers' channels (their types imported from core, never
 * its code) and the file picker main answers with Electron's dialog.
 */
import type { ImportHandlers } from "../../core/import/handlers.ts";

export type { ImportableEvent, ImportProgress, LocalPreview } from "../../core/import/handlers.ts";

export type ImportDeskApi = ImportHandlers & {
  /** Main-only: the file chosen in the system's open dialog (CSV or .xlsx), null when cancelled. */
  "app.pickFile": () => Promise<string | null>;
  "desk.info": () => Promise<{ serverUrl: string | null }>;
};

export function importDesk(): ImportDeskApi {
  return window.desk;
}

/** Bytes as megabytes in the user's language ("1.2 MB", "1,2 Mo"). */
export function formatBytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: 1,
  }).format(bytes / 1_000_000);
}

/** The file's name from its path, on any platform. */
export function fileNameOf(filePath: string): string {
  return filePath.split(/[\\/]/).pop() ?? filePath;
}
