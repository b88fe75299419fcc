import { buffer } from "node:stream/consumers";
import type { AppDeps } from "../../scope.ts";
import type { GuestImport } from "../../../models/GuestImport.ts";
import type { ImportRowError } from "./validateRow.ts";

/** Where an import's uploaded file and its error report live in the file storage. */
export function importFileKey(accountId: string, importId: string): string {
  return `guest-imports/${accountId}/${importId}.csv`;
}

export function importErrorsKey(accountId: string, importId: string): string {
  return `guest-imports/${accountId}/${importId}-errors.json`;
}

/** What an import's report holds: the problems of the refused rows, and the cells left out of imported rows. */
export interface ImportReport {
  errors: ImportRowError[];
  warnings: ImportRowError[];
}

export async function saveErrorReport(
  deps: Pick<AppDeps, "storage">,
  guestImport: GuestImport,
  report: { errors: readonly ImportRowError[]; warnings: readonly ImportRowError[] },
): Promise<string> {
  const key = importErrorsKey(guestImport.accountId, guestImport.id);
  const stored = { errors: report.errors, warnings: report.warnings };
  await deps.storage.put(key, Buffer.from(JSON.stringify(stored)), { contentType: "application/json" });
  return key;
}

export async function loadErrorReport(deps: Pick<AppDeps, "storage">, guestImport: GuestImport): Promise<ImportReport> {
  if (!guestImport.errorReportKey) return { errors: [], warnings: [] };
  const stored = await deps.storage.get(guestImport.errorReportKey);
  if (!stored) return { errors: [], warnings: [] };
  const report = JSON.parse((await buffer(stored.stream)).toString("utf8")) as ImportReport | ImportRowError[];
  // Reports stored before warnings existed are a plain list of errors.
  return Array.isArray(report) ? { errors: report, warnings: [] } : report;
}
