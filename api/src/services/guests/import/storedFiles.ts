import { buffer } from "node:stream/consumers";
import type { AppDeps } from "../../scope.ts";
import type { GuestImport } from "../../../models/GuestImport.ts";
import { decodeFile, parseCsv, type ParsedFile } from "./parseFile.ts";
import type { ImportRowError } from "./validateRow.ts";

/** Where an import's uploaded file and its error report live in the file storage. */
export function importFileKey(accountId: string, importId: string): string {
  return `guest-imports/${accountId}/${importId}.csv`;
}

export function importErrorsKey(accountId: string, importId: string): string {
  return `guest-imports/${accountId}/${importId}-errors.json`;
}

/** The stored file of an import, decoded and parsed as detected at upload. */
export async function loadImportFile(deps: Pick<AppDeps, "storage">, guestImport: GuestImport): Promise<ParsedFile> {
  const stored = await deps.storage.get(guestImport.fileKey);
  if (!stored) throw new Error(`The file of import ${guestImport.id} is missing`);
  const bytes = await buffer(stored.stream);
  const text = decodeFile(bytes, guestImport.encoding);
  return parseCsv(text, guestImport.separator, guestImport.hasHeaders, guestImport.sourceFormat === "csv");
}

export async function saveErrorReport(
  deps: Pick<AppDeps, "storage">,
  guestImport: GuestImport,
  errors: readonly ImportRowError[],
): Promise<string> {
  const key = importErrorsKey(guestImport.accountId, guestImport.id);
  await deps.storage.put(key, Buffer.from(JSON.stringify(errors)), { contentType: "application/json" });
  return key;
}

export async function loadErrorReport(
  deps: Pick<AppDeps, "storage">,
  guestImport: GuestImport,
): Promise<ImportRowError[]> {
  if (!guestImport.errorReportKey) return [];
  const stored = await deps.storage.get(guestImport.errorReportKey);
  return stored ? (JSON.parse((await buffer(stored.stream)).toString("utf8")) as ImportRowError[]) : [];
}
