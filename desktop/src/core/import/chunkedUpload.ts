/**
 * Sends a picked file to the server's guest import in chunks (issue 13, item 8), each read from the file when
 * sent (constant memory) and acknowledged by the server before the next. The bytes the server acknowledged are
 * recorded locally, but a resumed upload always starts from the server's own count: a chunk it took in just
 * before the app stopped is not sent again, and none is skipped.
 */
import { open, stat } from "node:fs/promises";
import path from "node:path";
import type { GuestImportJson, GuestImportUploadJson } from "@tessera/shared/schemas/guestImports";
import type { ImportUploadJson } from "@tessera/shared/schemas/guestImportUploads";
import { deskRequest, DeskHttpError, type DeskHttpOptions } from "../deskHttp.ts";
import { errorForIpc } from "../ipcError.ts";
import type { ImportStore, LocalImportUpload } from "./importStore.ts";

export const DEFAULT_CHUNK_BYTES = 1024 * 1024;

/** Answers that leave the upload resumable: signed out (sign in again), timed out, too many requests. */
const RETRIED = new Set([401, 408, 429]);

export const uploadsPath = (upload: { accountId: string; eventId: string }) =>
  `/events/${upload.accountId}/${upload.eventId}/imports/uploads`;

export const importPath = (upload: { accountId: string; eventId: string }, importId: string) =>
  `/events/${upload.accountId}/${upload.eventId}/imports/${importId}`;

/** Starts the upload on the server and records it here (nothing sent yet). */
export async function startChunkedUpload(
  http: DeskHttpOptions,
  store: ImportStore,
  target: { filePath: string; accountId: string; eventId: string },
): Promise<LocalImportUpload> {
  const file = await stat(target.filePath);
  const fileName = path.basename(target.filePath);
  const { upload } = await deskRequest<{ upload: ImportUploadJson }>(http, "POST", uploadsPath(target), {
    fileName,
    size: file.size,
  });
  store.insert({
    id: upload.id,
    serverUrl: http.serverUrl,
    accountId: target.accountId,
    eventId: target.eventId,
    filePath: target.filePath,
    fileName,
    size: file.size,
    mtimeMs: Math.trunc(file.mtimeMs),
    received: upload.received,
    state: "uploading",
  });
  return store.get(upload.id)!;
}

/** One chunk PUT at `offset`: the server's count after it (its current count when the offset was not it). */
async function putChunk(
  http: DeskHttpOptions,
  upload: LocalImportUpload,
  offset: number,
  bytes: Buffer,
  signal: AbortSignal,
): Promise<number> {
  const url = `${http.serverUrl}/api/v1${uploadsPath(upload)}/${upload.id}?offset=${offset}`;
  const response = await (http.fetch ?? fetch)(url, {
    method: "PUT",
    headers: {
      accept: "application/json",
      "content-type": "application/octet-stream",
      ...(http.token ? { authorization: `Bearer ${http.token}` } : {}),
    },
    body: new Uint8Array(bytes),
    signal: AbortSignal.any([signal, AbortSignal.timeout(http.timeoutMs ?? 30_000)]),
  });
  const json = (await response.json().catch(() => null)) as {
    upload?: ImportUploadJson;
    error?: { code?: string; message?: string; details?: { received?: number } };
  } | null;
  if (response.ok && json?.upload) return json.upload.received;
  if (response.status === 409 && json?.error?.code === "import_upload_offset_mismatch")
    return json.error.details?.received ?? offset;
  throw new DeskHttpError(
    response.status,
    json?.error?.code ?? null,
    json?.error?.message ?? `The server answered ${response.status} to a chunk`,
  );
}

/** The import an upload became on the server, when it completed before this desk heard the answer. */
async function completedAnswer(
  http: DeskHttpOptions,
  upload: LocalImportUpload,
  importId: string,
): Promise<GuestImportUploadJson> {
  const { import: guestImport } = await deskRequest<{ import: GuestImportJson }>(
    http,
    "GET",
    importPath(upload, importId),
  );
  return { import: guestImport, preview: [], suggestedMapping: {}, columnIssues: [] };
}

export interface ContinueOptions {
  chunkBytes?: number;
  /** Aborted when the app closes: the upload stops between chunks (or its chunk in flight is dropped). */
  signal: AbortSignal;
  onProgress?: (upload: LocalImportUpload) => void;
}

/**
 * Sends what the server lacks, from its count, then completes the upload (the server reads the file: preview
 * and suggested mapping). A file changed since the upload began, or a refusal, fails the upload; a network
 * failure leaves it resumable (and is thrown).
 */
export async function continueChunkedUpload(
  http: DeskHttpOptions,
  store: ImportStore,
  id: string,
  options: ContinueOptions,
): Promise<LocalImportUpload> {
  let upload = store.get(id);
  if (!upload) throw new Error(`No upload ${id} on this desk`);
  const report = (change: Parameters<ImportStore["update"]>[1]) => {
    upload = store.update(id, change);
    options.onProgress?.(upload);
    return upload;
  };
  const file = await stat(upload.filePath).catch(() => null);
  if (!file || file.size !== upload.size || Math.trunc(file.mtimeMs) !== upload.mtimeMs)
    return report({
      state: "failed",
      error: "[import_file_changed] The file changed or moved since its upload began: upload it again",
    });
  const uploadUrl = `${uploadsPath(upload)}/${id}`;
  const serverUpload = async () => (await deskRequest<{ upload: ImportUploadJson }>(http, "GET", uploadUrl)).upload;
  /** The upload became an import on the server (perhaps before this desk heard the answer). */
  const completed = async (server: ImportUploadJson) =>
    report({
      state: "uploaded",
      received: server.received,
      importId: server.importId,
      uploadAnswer: await completedAnswer(http, upload!, server.importId!),
    });
  try {
    const server = await serverUpload();
    if (server.importId) return completed(server);
    report({ received: server.received, error: null });
    const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
    const handle = await open(upload.filePath, "r");
    try {
      while (upload.received < upload.size) {
        if (options.signal.aborted) return upload;
        const length = Math.min(chunkBytes, upload.size - upload.received);
        const bytes = Buffer.alloc(length);
        await handle.read(bytes, 0, length, upload.received);
        report({ received: await putChunk(http, upload, upload.received, bytes, options.signal) });
      }
    } finally {
      await handle.close();
    }
    if (options.signal.aborted) return upload;
    const answer = await deskRequest<GuestImportUploadJson>(http, "POST", `${uploadUrl}/complete`);
    return report({ state: "uploaded", importId: answer.import.id, uploadAnswer: answer, error: null });
  } catch (error) {
    if (options.signal.aborted) return upload;
    if (error instanceof DeskHttpError && error.code === "import_upload_completed") {
      return completed(await serverUpload());
    }
    // "[code] message" as a failure crossing IPC reads, for the renderer to say it in the user's language.
    const message = errorForIpc(error).message;
    // The server refused it (the file's content, the upload gone): nothing to resume. Otherwise, resumable.
    const refused =
      error instanceof DeskHttpError && error.status >= 400 && error.status < 500 && !RETRIED.has(error.status);
    report({ state: refused ? "failed" : "uploading", error: message });
    throw error;
  }
}
