import type { GuestImport } from "../../../models/GuestImport.ts";

/**
 * Progress of the imports running in this process. On SQLite the import's transaction holds the only
 * connection, so the row's processedRows cannot be written while it runs: readers take it from here.
 */
const liveProgress = new Map<string, number>();

export function reportLiveProgress(importId: string, processed: number): void {
  liveProgress.set(importId, processed);
}

export function forgetLiveProgress(importId: string): void {
  liveProgress.delete(importId);
}

/** The rows processed so far: the running count of this process while it processes, else the stored one. */
export function processedRowsOf(guestImport: GuestImport): number {
  const live = guestImport.status === "processing" ? liveProgress.get(guestImport.id) : undefined;
  return live ?? guestImport.processedRows;
}
