import { randomBytes } from "node:crypto";
import { IMPORT_CHUNK_MAX_BYTES } from "@tessera/shared/schemas/guestImportUploads";
import { AppError } from "../../../../errors.ts";
import { GuestImportUpload } from "../../../../models/GuestImportUpload.ts";
import type { EventKey } from "../../../events/find.ts";
import type { Scope } from "../../../scope.ts";
import { HEAD_BYTES, sniffImportFile } from "../fileContent.ts";
import { CHUNKS_TABLE, findUploadFor } from "./findUpload.ts";

export const offsetMismatch = (received: number) =>
  new AppError("import_upload_offset_mismatch", 409, { params: { received }, details: { received } });

const beyondSize = () => new AppError("import_upload_beyond_size", 413);

export const alreadyCompleted = (importId: string) =>
  new AppError("import_upload_completed", 409, { details: { importId } });

/**
 * The chunk's bytes as they come, refused as soon as they pass the chunk's limit or the file's announced size;
 * its first HEAD_BYTES are kept in `head` when given (the first chunk's, judged once stored).
 */
async function* limited(
  body: AsyncIterable<Uint8Array>,
  remaining: number,
  head: Uint8Array[] | null,
): AsyncGenerator<Uint8Array> {
  let count = 0;
  for await (const piece of body) {
    if (head && count < HEAD_BYTES) head.push(piece);
    count += piece.length;
    if (count > IMPORT_CHUNK_MAX_BYTES) throw new AppError("payload_too_large", 413);
    if (count > remaining) throw beyondSize();
    yield piece;
  }
}

/**
 * The first chunk holds the bytes the import judges a file by: anything but text or a workbook is refused
 * there (422 import_not_text), before the rest is sent. Completing the upload checks the whole file again.
 */
async function refuseUnlessGuestFile(head: readonly Uint8Array[]): Promise<void> {
  if ((await sniffImportFile(Buffer.concat(head).subarray(0, HEAD_BYTES))).kind === "notText")
    throw new AppError("import_not_text", 422);
}

/**
 * Stores a chunk that starts exactly at the bytes received so far (409 with the current count otherwise, so a
 * client resumes there), streamed to storage, then moves the upload's count on. Of two chunks sent at the same
 * offset, the first to move the count wins; the other is removed and answered 409.
 */
export async function receiveImportChunk(
  scope: Scope,
  key: EventKey,
  id: string,
  chunk: { offset: number; declaredBytes: number | null; body: AsyncIterable<Uint8Array> },
): Promise<GuestImportUpload> {
  const { upload } = await findUploadFor(scope, key, id);
  if (upload.importId) throw alreadyCompleted(upload.importId);
  if (chunk.offset !== upload.received) throw offsetMismatch(upload.received);
  if (chunk.declaredBytes !== null) {
    if (chunk.declaredBytes > IMPORT_CHUNK_MAX_BYTES) throw new AppError("payload_too_large", 413);
    if (chunk.offset + chunk.declaredBytes > upload.size) throw beyondSize();
  }
  const storageKey =
    `guest-import-uploads/${upload.accountId}/${upload.id}/` + `${chunk.offset}-${randomBytes(6).toString("hex")}.part`;
  const head = chunk.offset === 0 ? ([] as Uint8Array[]) : null;
  const bytes = limited(chunk.body, upload.size - chunk.offset, head);
  const { size } = await scope.deps.storage.putStream(storageKey, bytes, { contentType: "application/octet-stream" });
  if (size === 0) {
    await scope.deps.storage.delete(storageKey);
    return upload;
  }
  try {
    if (head && size >= Math.min(HEAD_BYTES, upload.size)) await refuseUnlessGuestFile(head);
    await scope.db.transaction(async (trx) => {
      const moved = await GuestImportUpload.query(trx)
        .patch({ received: chunk.offset + size })
        .where({ id: upload.id, received: chunk.offset })
        .whereNull("importId");
      if (moved === 0) throw offsetMismatch(-1);
      await trx(CHUNKS_TABLE).insert({ uploadId: upload.id, firstByte: chunk.offset, size, storageKey });
    });
  } catch (error) {
    await scope.deps.storage.delete(storageKey).catch(() => undefined);
    if (error instanceof AppError && error.code === "import_upload_offset_mismatch") {
      const current = await GuestImportUpload.query(scope.db).findById(upload.id);
      if (current?.importId) throw alreadyCompleted(current.importId);
      throw offsetMismatch(current?.received ?? 0);
    }
    throw error;
  }
  return (await GuestImportUpload.query(scope.db).findById(upload.id))!;
}
