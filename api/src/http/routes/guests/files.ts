import { CUSTOM_FIELD_FILE_MAX_BYTES, GuestFileFields, validate } from "@tessera/shared";
import { guestFileContracts as files } from "@tessera/shared/contracts/guestFiles";
import type { ApiContext } from "../../context.ts";
import { AppError } from "../../../errors.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { STORED_FILE_CSP } from "../../middleware/security.ts";
import { presentOneGuest } from "../../presenters/guest.ts";
import { openGuestFile, uploadGuestFile, type GuestFileUploadInput } from "../../../services/guests/files.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "./eventKey.ts";

/** The multipart body of an upload: its `customFieldId` field and its `file` part (read while streaming). */
async function readUpload(ctx: ApiContext): Promise<GuestFileUploadInput> {
  if (!isMultipart(ctx)) throw new AppError("unsupported_media_type", 415);
  const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: CUSTOM_FIELD_FILE_MAX_BYTES });
  const fields = validate(GuestFileFields, form.fields);
  if (!fields.ok) throw AppError.invalid(fields.issues);
  if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
  return { customFieldId: fields.value.customFieldId, file: form.file };
}

/** A guest's answers to `file` custom fields: upload and download. */
export const guestFileRoutes: Route[] = [
  route(files.uploadFile, async (scope, { params }, ctx) =>
    // The service settles who may write, and to which guest, before the body is read.
    presentOneGuest(await uploadGuestFile(scope, eventKey(params), params.id, () => readUpload(ctx))),
  ),
  route(files.file, async (scope, { params }, ctx) => {
    const { file, stored, downloadName } = await openGuestFile(scope, eventKey(params), params.id, params.fileId);
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Content-Security-Policy", STORED_FILE_CSP);
    ctx.set("Cache-Control", "private, no-store");
    ctx.attachment(downloadName);
    ctx.type = file.mimeType;
    ctx.length = stored.size;
    ctx.body = stored.stream;
  }),
];
