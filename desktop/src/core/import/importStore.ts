/** The desk's record of its chunked uploads (local migration 007_import_uploads), one row a file sent. */
import type { GuestImportUploadJson } from "@tessera/shared/schemas/guestImports";
import type { LocalDb } from "../localDb.ts";

/**
 * uploading: bytes still to send (resumable); uploaded: the server read the file (preview, suggested mapping);
 * mapped, processing, done: the import's next steps; failed: refused (`error` says why), nothing to resume.
 */
export type ImportUploadState = "uploading" | "uploaded" | "mapped" | "processing" | "done" | "failed";

export interface LocalImportUpload {
  id: string;
  serverUrl: string;
  accountId: string;
  eventId: string;
  filePath: string;
  fileName: string;
  size: number;
  mtimeMs: number;
  received: number;
  state: ImportUploadState;
  importId: string | null;
  /** The server's answer once the file was read: the import, its preview and suggested mapping. */
  uploadAnswer: GuestImportUploadJson | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  server_url: string;
  account_id: string;
  event_id: string;
  file_path: string;
  file_name: string;
  size: number;
  mtime_ms: number;
  received: number;
  state: ImportUploadState;
  import_id: string | null;
  upload_answer: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

const fromRow = (row: Row): LocalImportUpload => ({
  id: row.id,
  serverUrl: row.server_url,
  accountId: row.account_id,
  eventId: row.event_id,
  filePath: row.file_path,
  fileName: row.file_name,
  size: row.size,
  mtimeMs: row.mtime_ms,
  received: row.received,
  state: row.state,
  importId: row.import_id,
  uploadAnswer: row.upload_answer ? (JSON.parse(row.upload_answer) as GuestImportUploadJson) : null,
  error: row.error,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export type ImportUploadChange = Partial<
  Pick<LocalImportUpload, "received" | "state" | "importId" | "uploadAnswer" | "error">
>;

export function createImportStore(db: LocalDb, now: () => Date = () => new Date()) {
  return {
    insert(upload: Omit<LocalImportUpload, "createdAt" | "updatedAt" | "uploadAnswer" | "error" | "importId">) {
      const at = now().toISOString();
      db.prepare(
        `INSERT INTO import_uploads (id, server_url, account_id, event_id, file_path, file_name, size, mtime_ms,
           received, state, created_at, updated_at)
         VALUES (@id, @serverUrl, @accountId, @eventId, @filePath, @fileName, @size, @mtimeMs, @received, @state,
           @at, @at)`,
      ).run({ ...upload, at });
    },
    get(id: string): LocalImportUpload | null {
      const row = db.prepare("SELECT * FROM import_uploads WHERE id = ?").get(id) as Row | undefined;
      return row ? fromRow(row) : null;
    },
    update(id: string, change: ImportUploadChange): LocalImportUpload {
      const current = this.get(id);
      if (!current) throw new Error(`No upload ${id} on this desk`);
      const next = { ...current, ...change };
      db.prepare(
        `UPDATE import_uploads SET received = ?, state = ?, import_id = ?, upload_answer = ?, error = ?,
           updated_at = ? WHERE id = ?`,
      ).run(
        next.received,
        next.state,
        next.importId,
        next.uploadAnswer ? JSON.stringify(next.uploadAnswer) : null,
        next.error,
        now().toISOString(),
        id,
      );
      return { ...next, updatedAt: now().toISOString() };
    },
    /** Uploads with bytes still to send, oldest first. */
    unfinished(): LocalImportUpload[] {
      const rows = db
        .prepare("SELECT * FROM import_uploads WHERE state = 'uploading' ORDER BY created_at")
        .all() as Row[];
      return rows.map(fromRow);
    },
  };
}

export type ImportStore = ReturnType<typeof createImportStore>;
