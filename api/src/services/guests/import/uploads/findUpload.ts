import { IMPORT_UPLOAD_TTL_MS } from "@tessera/shared/schemas/guestImportUploads";
import { AppError } from "../../../../errors.ts";
import type { Event } from "../../../../models/Event.ts";
import { GuestImportUpload } from "../../../../models/GuestImportUpload.ts";
import { findEventByKeyFor, type EventKey } from "../../../events/find.ts";
import type { AppDeps, Scope } from "../../../scope.ts";

export const CHUNKS_TABLE = "guest_import_upload_chunks";

export interface UploadChunk {
  firstByte: number;
  size: number;
  storageKey: string;
}

/** Until when an upload is kept: a day after it was last touched (started, or a chunk received). */
export function uploadExpiresAt(upload: GuestImportUpload): Date {
  return new Date(upload.updatedAt.getTime() + IMPORT_UPLOAD_TTL_MS);
}

export function chunksOf(db: Scope["db"], uploadId: string): Promise<UploadChunk[]> {
  return db(CHUNKS_TABLE).where({ uploadId }).orderBy("firstByte").select("firstByte", "size", "storageKey") as Promise<
    UploadChunk[]
  >;
}

/** Removes the upload's stored chunks, then the upload (its chunk rows go with it). */
export async function discardUpload(deps: Pick<AppDeps, "storage">, db: Scope["db"], upload: GuestImportUpload) {
  for (const chunk of await chunksOf(db, upload.id)) await deps.storage.delete(chunk.storageKey);
  await GuestImportUpload.query(db).deleteById(upload.id);
}

/** Expiry is checked on read: the account's uploads past their time are removed when it starts another. */
export async function discardExpiredUploads(scope: Scope, accountId: string): Promise<void> {
  const expired = await GuestImportUpload.query(scope.db)
    .where({ accountId })
    .where("updatedAt", "<", new Date(Date.now() - IMPORT_UPLOAD_TTL_MS).toISOString());
  for (const upload of expired) await discardUpload(scope.deps, scope.db, upload);
}

/** An upload into the event by an actor who may update it (404 when not the event's, or expired). */
export async function findUploadFor(
  scope: Scope,
  key: EventKey,
  id: string,
): Promise<{ event: Event; upload: GuestImportUpload }> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const upload = await GuestImportUpload.query(scope.db).findById(id).where({ eventId: event.id });
  if (!upload) throw AppError.notFound();
  if (uploadExpiresAt(upload).getTime() <= Date.now()) {
    await discardUpload(scope.deps, scope.db, upload);
    throw AppError.notFound();
  }
  return { event, upload };
}
