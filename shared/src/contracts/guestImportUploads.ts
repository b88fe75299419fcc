import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { GuestImportUploadResult } from "../schemas/guestImports.ts";
import { ImportUploadChunkQuery, ImportUploadResult, ImportUploadStartBody } from "../schemas/guestImportUploads.ts";
import { contract } from "./contract.ts";

const tags = ["guest imports"];
const BASE = "/events/:a/:e/imports/uploads";
const WHO =
  "Editors and above (`events.update`). An upload left untouched for a day expires (404, its bytes removed, " +
  "when next read or when the account starts another upload).";

/**
 * Step 1 of the guest import in resumable chunks (issue 13, item 8: the desk app's bulk import): the file
 * goes up chunk by chunk, an interrupted upload resumes at the bytes received, then it completes into the
 * same import as the multipart upload.
 */
export const guestImportUploadContracts = {
  start: contract({
    method: "post",
    path: BASE,
    summary: "Import guests in chunks: start an upload",
    description: `${WHO} Announces the file's size (413 file_too_big past IMPORT_MAX_BYTES); answers the upload's id.`,
    tags,
    params: EventScopedParams,
    body: ImportUploadStartBody,
    response: ImportUploadResult,
    status: 201,
    errors: [403, 404, 413],
  }),
  get: contract({
    method: "get",
    path: `${BASE}/:id`,
    summary: "An upload's bytes received (where to resume)",
    description: WHO,
    tags,
    params: EventScopedIdParams,
    response: ImportUploadResult,
    errors: [403, 404],
  }),
  putChunk: contract({
    method: "put",
    path: `${BASE}/:id`,
    summary: "Import guests in chunks: send the next chunk",
    description:
      `${WHO} The body is the chunk's raw bytes (application/octet-stream, at most 8 MiB: 413 ` +
      "payload_too_large), starting at `offset`. An offset other than the bytes received so far: 409 " +
      "import_upload_offset_mismatch with `details.received` (resume there); past the announced size: 413 " +
      "import_upload_beyond_size; an upload already complete: 409 import_upload_completed. A first chunk that " +
      "holds the file's first 128 KiB (or all of a smaller file) is judged by them at once: anything but text or " +
      "an Excel workbook, 422 import_not_text.",
    tags,
    params: EventScopedIdParams,
    query: ImportUploadChunkQuery,
    rawBody: "application/octet-stream",
    response: ImportUploadResult,
    errors: [403, 404, 409, 413, 422],
  }),
  complete: contract({
    method: "post",
    path: `${BASE}/:id/complete`,
    summary: "Import guests in chunks: complete the upload (step 1)",
    description:
      `${WHO} Reads the assembled file as the multipart upload does (the same checks of its bytes, limits ` +
      "and answer: the import with its preview and suggested mapping). Bytes missing: 409 import_upload_incomplete " +
      "with `details.received`; completed already: 409 import_upload_completed with `details.importId`.",
    tags,
    params: EventScopedIdParams,
    response: GuestImportUploadResult,
    status: 201,
    errors: [403, 404, 409, 413, 422],
  }),
};
