/**
 * The bulk import's IPC surface (issue 13, item 8): a back-office sign-in, a local preview of the picked file,
 * its upload in resumable chunks, then the server's mapping and processing steps. main/ relays these names to
 * the handlers as it does the desk's; the renderer calls them through `window.desk[...]`.
 */
import type {
  GuestImportJson,
  GuestImportMappingJson,
  GuestImportUploadJson,
} from "@tessera/shared/schemas/guestImports";
import type { User } from "@tessera/shared/schemas/users";
import type { DeskCore } from "../core.ts";
import { deskRequest, type FetchLike } from "../deskHttp.ts";
import { createBackOffice, type ImportableEvent } from "./backOffice.ts";
import { continueChunkedUpload, importPath, startChunkedUpload } from "./chunkedUpload.ts";
import { createImportStore, type ImportUploadState, type LocalImportUpload } from "./importStore.ts";
import { previewLocalFile, type LocalPreview } from "./parseLocal.ts";

export type { ImportableEvent } from "./backOffice.ts";
export type { LocalPreview } from "./parseLocal.ts";
export type { ImportUploadState } from "./importStore.ts";

/** Where an upload stands, for its progress bar and the resume banner. */
export interface ImportProgress {
  id: string;
  fileName: string;
  filePath: string;
  accountId: string;
  eventId: string;
  size: number;
  received: number;
  state: ImportUploadState;
  importId: string | null;
  /** Once the server read the file: the import, its first rows and the suggested mapping. */
  upload: GuestImportUploadJson | null;
  /** Why it stopped, "[code] message" when coded (a resumable upload keeps its state "uploading"). */
  error: string | null;
  /** Whether bytes are being sent now (false: interrupted, "import.resume" goes on). */
  isSending: boolean;
}

export interface ImportHandlers {
  /** Signs in to the back office (organizer or above); the session stays in memory. */
  "backoffice.signIn": (serverUrl: string, email: string, password: string, accountId?: string) => Promise<User>;
  /** The events of the account the signed-in user may import guests into. */
  "backoffice.events": (accountId?: string) => Promise<ImportableEvent[]>;
  /** Reads the file locally: its kind, rows, headers and first rows. */
  "import.preview": (filePath: string) => Promise<LocalPreview>;
  /** Starts the upload and sends it in the background (follow it with "import.progress" or onProgress). */
  "import.upload": (filePath: string, accountId: string, eventId: string) => Promise<ImportProgress>;
  "import.progress": (id: string) => Promise<ImportProgress>;
  /** Every interrupted upload; those of the signed-in server go on sending from the server's count. */
  "import.resume": () => Promise<ImportProgress[]>;
  /** Step 2 on the server: the columns mapped (index → guest field or `customField:<id>`, null: ignored). */
  "import.setMapping": (id: string, mapping: Record<string, string | null>) => Promise<GuestImportMappingJson>;
  /** Step 3: the server processes the import in the background ("import.status" follows it). */
  "import.process": (id: string) => Promise<GuestImportJson>;
  "import.status": (id: string) => Promise<GuestImportJson>;
}

export type ImportChannel = keyof ImportHandlers;
export const IMPORT_CHANNELS: readonly ImportChannel[] = [
  "backoffice.signIn",
  "backoffice.events",
  "import.preview",
  "import.upload",
  "import.progress",
  "import.resume",
  "import.setMapping",
  "import.process",
  "import.status",
];

export interface ImportHandlerOptions {
  core: Pick<DeskCore, "database">;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Bytes a chunk (1 MiB unless said; the server takes at most 8 MiB). */
  chunkBytes?: number;
  /** Each step of an upload (a chunk acknowledged, completed, failed): main forwards it to the renderer. */
  onProgress?: (progress: ImportProgress) => void;
}

export type ImportHandlerGroup = ImportHandlers & {
  /** Resolves once the upload's background sending has stopped (done, failed, interrupted or closed). */
  settled: (id: string) => Promise<void>;
  /** Stops every upload between chunks (the chunk in flight is dropped); they resume from the server's count. */
  close: () => void;
};

export function createImportHandlers(options: ImportHandlerOptions): ImportHandlerGroup {
  const backOffice = createBackOffice({ fetch: options.fetch, timeoutMs: options.timeoutMs });
  const store = () => createImportStore(options.core.database());
  const sending = new Map<string, Promise<void>>();
  const stop = new AbortController();

  const progressOf = (upload: LocalImportUpload): ImportProgress => ({
    id: upload.id,
    fileName: upload.fileName,
    filePath: upload.filePath,
    accountId: upload.accountId,
    eventId: upload.eventId,
    size: upload.size,
    received: upload.received,
    state: upload.state,
    importId: upload.importId,
    upload: upload.uploadAnswer,
    error: upload.error,
    isSending: sending.has(upload.id),
  });

  function uploadOf(id: string): LocalImportUpload {
    const upload = store().get(id);
    if (!upload) throw new Error(`No upload ${id} on this desk`);
    return upload;
  }

  /** Sends the upload in the background, once at a time. */
  function send(id: string): void {
    if (sending.has(id) || stop.signal.aborted) return;
    const run = continueChunkedUpload(backOffice.http(), store(), id, {
      chunkBytes: options.chunkBytes,
      signal: stop.signal,
      onProgress: (upload) => options.onProgress?.(progressOf(upload)),
    })
      .then(() => undefined)
      .catch(() => undefined) // recorded on the upload (its error), shown by its progress
      .finally(() => sending.delete(id));
    sending.set(id, run);
  }

  function importedOf(id: string): LocalImportUpload & { importId: string } {
    const upload = uploadOf(id);
    if (!upload.importId) throw new Error("The file is not uploaded yet");
    return upload as LocalImportUpload & { importId: string };
  }

  return {
    "backoffice.signIn": (serverUrl, email, password, accountId) =>
      backOffice.signIn(serverUrl, email, password, accountId),
    "backoffice.events": (accountId) => backOffice.events(accountId),
    "import.preview": (filePath) => previewLocalFile(filePath),
    "import.upload": async (filePath, accountId, eventId) => {
      const upload = await startChunkedUpload(backOffice.http(), store(), { filePath, accountId, eventId });
      send(upload.id);
      return progressOf(upload);
    },
    "import.progress": async (id) => progressOf(uploadOf(id)),
    "import.resume": async () => {
      const unfinished = store().unfinished();
      const serverUrl = (() => {
        try {
          return backOffice.session().serverUrl;
        } catch {
          return null;
        }
      })();
      for (const upload of unfinished) if (upload.serverUrl === serverUrl) send(upload.id);
      return unfinished.map(progressOf);
    },
    "import.setMapping": async (id, mapping) => {
      const upload = importedOf(id);
      const answer = await deskRequest<GuestImportMappingJson>(
        backOffice.http(),
        "POST",
        `${importPath(upload, upload.importId)}/mapping`,
        { mapping },
      );
      store().update(id, { state: "mapped", error: null });
      return answer;
    },
    "import.process": async (id) => {
      const upload = importedOf(id);
      const answer = await deskRequest<{ import: GuestImportJson }>(
        backOffice.http(),
        "POST",
        `${importPath(upload, upload.importId)}/process`,
      );
      store().update(id, { state: "processing" });
      return answer.import;
    },
    "import.status": async (id) => {
      const upload = importedOf(id);
      const { import: guestImport } = await deskRequest<{ import: GuestImportJson }>(
        backOffice.http(),
        "GET",
        importPath(upload, upload.importId),
      );
      if (guestImport.status === "done") store().update(id, { state: "done" });
      if (guestImport.status === "failed" || guestImport.status === "cancelled")
        store().update(id, { state: "failed", error: guestImport.status });
      return guestImport;
    },
    settled: (id) => sending.get(id) ?? Promise.resolve(),
    close: () => stop.abort(),
  };
}
