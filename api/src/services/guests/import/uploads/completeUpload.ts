import { AppError } from "../../../../errors.ts";
import { GuestImport } from "../../../../models/GuestImport.ts";
import { GuestImportUpload } from "../../../../models/GuestImportUpload.ts";
import type { EventKey } from "../../../events/find.ts";
import type { Scope } from "../../../scope.ts";
import { uploadGuestImport, type ImportUploadReader, type UploadResult } from "../upload.ts";
import { CHUNKS_TABLE, chunksOf, findUploadFor, type UploadChunk } from "./findUpload.ts";
import { alreadyCompleted } from "./receiveChunk.ts";

/** The stored chunks one after the other, each streamed from storage (never the whole file in memory). */
async function* assembled(scope: Scope, chunks: readonly UploadChunk[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) {
    const stored = await scope.deps.storage.get(chunk.storageKey);
    if (!stored) throw new Error(`A chunk of the upload is missing from storage: ${chunk.storageKey}`);
    for await (const piece of stored.stream) yield piece as Uint8Array;
  }
}

/**
 * Completes a chunked upload once every byte is in (409 import_upload_incomplete otherwise): step 1 of the
 * import runs on the assembled file exactly as on a multipart upload, then the chunks are removed and the
 * upload remembers the import it became. Of two completions at once, the first to record its import wins; the
 * other's import is removed and it is answered 409 import_upload_completed.
 */
export async function completeImportUpload(scope: Scope, key: EventKey, id: string): Promise<UploadResult> {
  const { upload } = await findUploadFor(scope, key, id);
  if (upload.importId) throw alreadyCompleted(upload.importId);
  if (upload.received < upload.size)
    throw new AppError("import_upload_incomplete", 409, {
      params: { received: upload.received, size: upload.size },
      details: { received: upload.received, size: upload.size },
    });
  const chunks = await chunksOf(scope.db, upload.id);
  const readUpload: ImportUploadReader = async (receive) => ({
    received: await receive({ content: assembled(scope, chunks) }),
    fileName: upload.fileName,
    hasHeaders: upload.hasHeaders,
  });
  const result = await uploadGuestImport(scope, key, readUpload).catch(async (error: unknown) => {
    // Another completion of the same upload won while this one read the chunks (and removed them).
    const current = await GuestImportUpload.query(scope.db).findById(upload.id);
    throw current?.importId ? alreadyCompleted(current.importId) : error;
  });
  const claimed = await GuestImportUpload.query(scope.db)
    .patch({ importId: result.guestImport.id })
    .where({ id: upload.id })
    .whereNull("importId");
  if (claimed === 0) {
    await GuestImport.query(scope.db).deleteById(result.guestImport.id);
    await scope.deps.storage.delete(result.guestImport.fileKey).catch(() => undefined);
    const current = await GuestImportUpload.query(scope.db).findById(upload.id);
    throw alreadyCompleted(current!.importId!);
  }
  await scope.db(CHUNKS_TABLE).where({ uploadId: upload.id }).delete();
  for (const chunk of chunks) await scope.deps.storage.delete(chunk.storageKey).catch(() => undefined);
  return result;
}
