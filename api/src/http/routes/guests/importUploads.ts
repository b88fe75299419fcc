import { guestImportUploadContracts as uploads } from "@tessera/shared/contracts/guestImportUploads";
import { presentImportUpload } from "../../presenters/guestImport.ts";
import { presentImportChunkedUpload } from "../../presenters/guestImportUpload.ts";
import { completeImportUpload } from "../../../services/guests/import/uploads/completeUpload.ts";
import { findUploadFor } from "../../../services/guests/import/uploads/findUpload.ts";
import { receiveImportChunk } from "../../../services/guests/import/uploads/receiveChunk.ts";
import { startImportUpload } from "../../../services/guests/import/uploads/startUpload.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "./eventKey.ts";

/** /events/{a}/{e}/imports/uploads: step 1 of the guest import in resumable chunks (issue 13, item 8). */
export const guestImportUploadRoutes: Route[] = [
  route(uploads.start, async (scope, { params, body }) => ({
    upload: presentImportChunkedUpload(await startImportUpload(scope, eventKey(params), body)),
  })),
  route(uploads.get, async (scope, { params }) => ({
    upload: presentImportChunkedUpload((await findUploadFor(scope, eventKey(params), params.id)).upload),
  })),
  route(uploads.putChunk, async (scope, { params, query }, ctx) => {
    const length = ctx.get("Content-Length");
    const chunk = { offset: query.offset, declaredBytes: length ? Number(length) : null, body: ctx.req };
    return { upload: presentImportChunkedUpload(await receiveImportChunk(scope, eventKey(params), params.id, chunk)) };
  }),
  route(uploads.complete, async (scope, { params }) =>
    presentImportUpload(await completeImportUpload(scope, eventKey(params), params.id), scope.t),
  ),
];
