import { guestImportContracts as imports } from "@tessera/shared/contracts/guestImports";
import type { ApiContext } from "../../context.ts";
import { AppError } from "../../../errors.ts";
import { isMultipart } from "../../middleware/multipart.ts";
import { readMultipartStream } from "../../middleware/multipartStream.ts";
import { presentGuestImport, presentImportMapping, presentImportUpload } from "../../presenters/guestImport.ts";
import { cancelGuestImport } from "../../../services/guests/import/cancel.ts";
import { guestImportErrorReport } from "../../../services/guests/import/errorReport.ts";
import { getGuestImport } from "../../../services/guests/import/findImport.ts";
import { queueGuestImport } from "../../../services/guests/import/process.ts";
import { setGuestImportMapping } from "../../../services/guests/import/setMapping.ts";
import { uploadGuestImport, type ImportUploadReader } from "../../../services/guests/import/upload.ts";
import { route, type Route } from "../define.ts";

const eventKey = (params: { a: string; e: string }) => ({ accountId: params.a, eventId: params.e });

function parseHasHeaders(raw: string | undefined): boolean {
  return !(raw === "0" || raw === "false");
}

/**
 * A reader of the multipart upload, the file streamed to the service as it arrives (413 file_too_big
 * beyond IMPORT_MAX_BYTES): `file`, and `hasHeaders` from the form (before or after the file), else from
 * `hasHeadersHeader` (the legacy path's `x-has-headers`).
 */
export function importUploadReader(ctx: ApiContext, hasHeadersHeader?: string): ImportUploadReader {
  return async (receive) => {
    if (!isMultipart(ctx)) throw AppError.invalid([{ field: "file", code: "required" }]);
    const limits = { fileField: "file", maxFileBytes: ctx.deps.config.guestImport.maxBytes };
    const form = await readMultipartStream(ctx, limits, async (file) => ({
      fileName: file.fileName,
      received: await receive({ content: file.stream }),
    }));
    if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
    const hasHeaders = parseHasHeaders(form.fields.hasHeaders ?? hasHeadersHeader);
    return { ...form.file, hasHeaders };
  };
}

/** /events/{a}/{e}/imports: the three-step guest import (spec §3). */
export const guestImportRoutes: Route[] = [
  route(imports.upload, async (scope, { params }, ctx) =>
    presentImportUpload(await uploadGuestImport(scope, eventKey(params), importUploadReader(ctx)), scope.t),
  ),
  route(imports.get, async (scope, { params }) => ({
    import: presentGuestImport(await getGuestImport(scope, eventKey(params), params.id)),
  })),
  route(imports.setMapping, async (scope, { params, body }) =>
    presentImportMapping(await setGuestImportMapping(scope, eventKey(params), params.id, body.mapping), scope.t),
  ),
  route(imports.process, async (scope, { params }) => ({
    import: presentGuestImport(await queueGuestImport(scope, eventKey(params), params.id)),
  })),
  route(imports.errors, async (scope, { params }, ctx) => {
    const report = await guestImportErrorReport(scope, eventKey(params), params.id);
    ctx.type = report.contentType;
    ctx.attachment(report.fileName);
    ctx.body = report.body;
  }),
  route(imports.cancel, async (scope, { params }) => ({
    import: presentGuestImport(await cancelGuestImport(scope, eventKey(params), params.id)),
  })),
];
