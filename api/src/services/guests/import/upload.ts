import { randomUUID } from "node:crypto";
import type { ValidationIssue } from "@tessera/shared";
import { AppError } from "../../../errors.ts";
import { GuestImport, type ImportMapping } from "../../../models/GuestImport.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { listCustomFields } from "../customFields.ts";
import { suggestMapping } from "./columnMapping.ts";
import { importView, type GuestImportView } from "./findImport.ts";
import {
  decodeFile,
  detectEncoding,
  detectSeparator,
  MalformedCsvError,
  parseCsv,
  type ParsedFile,
} from "./parseFile.ts";
import { importFileKey } from "./storedFiles.ts";
import { isXlsx, xlsxToCsv } from "./xlsxToCsv.ts";

export const PREVIEW_ROWS = 10;

/** The uploaded file as the caller read it (a route: from the multipart body). */
export interface ImportUpload {
  bytes: Buffer;
  fileName: string | null;
  /** Whether the first line holds the column titles. */
  hasHeaders: boolean;
}

export interface UploadResult extends GuestImportView {
  preview: string[][];
  suggestedMapping: ImportMapping;
  columnIssues: ValidationIssue[];
}

function parseOrRefuse(text: string, separator: string, hasHeaders: boolean, isCsv: boolean): ParsedFile {
  try {
    return parseCsv(text, separator, hasHeaders, isCsv);
  } catch (error) {
    if (error instanceof MalformedCsvError)
      throw new AppError("import_malformed_file", 422, { params: { line: error.line } });
    throw error;
  }
}

async function workbookText(bytes: Buffer): Promise<string> {
  try {
    return await xlsxToCsv(bytes);
  } catch {
    throw new AppError("import_unreadable_workbook", 422);
  }
}

/**
 * Step 1 (events.update): stores the file (an .xlsx workbook as the CSV of its first sheet), detects its
 * encoding and separator, previews it and suggests a mapping. The file is read only once the actor is
 * allowed, so a refused caller's upload is never taken in.
 */
export async function uploadGuestImport(
  scope: Scope,
  key: EventKey,
  readFile: () => Promise<ImportUpload>,
): Promise<UploadResult> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const file = await readFile();
  const { maxRows } = scope.deps.config.guestImport;
  // An Excel workbook is turned into CSV once, here; the later steps only ever read CSV.
  const workbook = await isXlsx(file.bytes);
  const stored = workbook ? Buffer.from(await workbookText(file.bytes), "utf8") : file.bytes;
  const encoding = workbook ? "utf-8" : detectEncoding(stored);
  const text = decodeFile(stored, encoding);
  const separator = workbook ? "," : detectSeparator(text);
  const parsed = parseOrRefuse(text, separator, file.hasHeaders, !workbook);
  if (parsed.headers.length === 0) throw new AppError("import_empty_file", 422);
  if (parsed.rows.length > maxRows) {
    throw new AppError("import_too_many_rows", 422, { params: { max: maxRows, count: parsed.rows.length } });
  }
  const fields = await listCustomFields(scope.db, event.id);
  const { mapping, columnIssues } = suggestMapping(parsed.headers, fields);
  const id = randomUUID();
  const fileKey = importFileKey(event.accountId, id);
  await scope.deps.storage.put(fileKey, stored, { contentType: "text/csv" });
  const actor = scope.actor;
  const guestImport = await GuestImport.query(scope.db).insertAndFetch({
    id,
    accountId: event.accountId,
    eventId: event.id,
    createdBy: actor?.kind === "user" ? actor.id : null,
    status: "uploaded",
    fileName: file.fileName?.slice(0, 255) ?? null,
    fileKey,
    encoding,
    separator,
    sourceFormat: workbook ? "xlsx" : "csv",
    hasHeaders: file.hasHeaders,
    headers: parsed.headers,
    mapping: null,
    totalRows: parsed.rows.length,
  });
  return {
    ...importView(guestImport),
    preview: parsed.rows.slice(0, PREVIEW_ROWS).map((row) => row.cells),
    suggestedMapping: mapping,
    columnIssues,
  };
}
