import { randomUUID } from "node:crypto";
import type { ValidationIssue } from "@tessera/shared";
import { AppError } from "../../../errors.ts";
import { GuestImport, type ImportMapping } from "../../../models/GuestImport.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { listCustomFields } from "../customFields.ts";
import { suggestMapping } from "./columnMapping.ts";
import { importView, type GuestImportView } from "./findImport.ts";
import { readImportStart } from "./importStart.ts";
import { receiveImportFile } from "./receiveUpload.ts";
import { importFileKey } from "./storedFiles.ts";
import { tooManyRows } from "./uploadRefusals.ts";

export const PREVIEW_ROWS = 10;

/** The uploaded file as it arrives: its bytes as a stream, never whole in memory. */
export interface ImportFile {
  content: AsyncIterable<Uint8Array>;
}

/**
 * How the caller (a route: the multipart body) hands the upload over: `receive` is given the file as it
 * arrives; the answer is what it made of it, with the form's hasHeaders (which may come after the file).
 * When `receive` fails, the caller lets go of the rest of the upload and the failure is thrown.
 */
export type ImportUploadReader = <T>(
  receive: (file: ImportFile) => Promise<T>,
) => Promise<{ received: T; fileName: string | null; hasHeaders: boolean }>;

export interface UploadResult extends GuestImportView {
  preview: string[][];
  suggestedMapping: ImportMapping;
  columnIssues: ValidationIssue[];
}

/** Where an uploaded workbook waits while its first sheet is turned into the stored CSV. */
const uploadedWorkbookKey = (accountId: string, importId: string) =>
  `guest-imports/${accountId}/${importId}-upload.xlsx`;

/**
 * Step 1 (events.update): stores the file as it streams in (an .xlsx workbook as the CSV of its first
 * sheet), detects its encoding and separator, counts its rows (refused past the limit without reading
 * on), previews it and suggests a mapping. The file is read only once the actor is allowed, so a refused
 * caller's upload is never taken in.
 */
export async function uploadGuestImport(
  scope: Scope,
  key: EventKey,
  readUpload: ImportUploadReader,
): Promise<UploadResult> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const { maxRows } = scope.deps.config.guestImport;
  const storage = scope.deps.storage;
  const id = randomUUID();
  const fileKey = importFileKey(event.accountId, id);
  let isStored = false;
  try {
    const upload = await readUpload(async ({ content }) => {
      const keys = { fileKey, workbookKey: uploadedWorkbookKey(event.accountId, id) };
      const received = await receiveImportFile(storage, content, keys, maxRows);
      isStored = true;
      return received;
    });
    const file = { fileKey, ...upload.received, hasHeaders: upload.hasHeaders };
    if (file.records === 0) throw new AppError("import_empty_file", 422);
    const totalRows = file.records - (file.hasHeaders ? 1 : 0);
    if (totalRows > maxRows) throw tooManyRows(maxRows);
    const start = await readImportStart(storage, file, PREVIEW_ROWS);
    const fields = await listCustomFields(scope.db, event.id);
    const { mapping, columnIssues } = suggestMapping(start.headers, fields);
    const actor = scope.actor;
    const guestImport = await GuestImport.query(scope.db).insertAndFetch({
      id,
      accountId: event.accountId,
      eventId: event.id,
      createdBy: actor?.kind === "user" ? actor.id : null,
      status: "uploaded",
      fileName: upload.fileName?.slice(0, 255) ?? null,
      fileKey,
      encoding: file.encoding,
      separator: file.separator,
      sourceFormat: file.sourceFormat,
      hasHeaders: file.hasHeaders,
      headers: start.headers,
      mapping: null,
      totalRows,
    });
    return {
      ...importView(guestImport),
      preview: start.rows.map((row) => row.cells),
      suggestedMapping: mapping,
      columnIssues,
    };
  } catch (error) {
    if (isStored) await storage.delete(fileKey).catch(() => undefined);
    throw error;
  }
}
