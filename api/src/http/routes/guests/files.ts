import { CUSTOM_FIELD_FILE_MAX_BYTES, GuestFileFields, validate } from "@tessera/shared";
import { guestFileContracts as files } from "@tessera/shared/contracts/guestFiles";
import { AppError } from "../../../errors.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { STORED_FILE_CSP } from "../../middleware/security.ts";
import { loadGuestPageExtras, presentGuest } from "../../presenters/guest.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { openGuestFile, uploadGuestFile } from "../../../services/guests/files.ts";
import { findGuest } from "../../../services/guests/write.ts";
import { route, type Route } from "../define.ts";

/** A guest's answers to `file` custom fields: upload and download. */
export const guestFileRoutes: Route[] = [
  route(files.uploadFile, async (scope, { params }, ctx) => {
    // Who may write, and to which guest, is settled before a byte of the body is read.
    const { event, ties } = await findEventFor(scope.db, scope.actor, "update", params.a, params.e);
    await findGuest(scope.db, params.e, params.id);
    if (!isMultipart(ctx)) throw new AppError("unsupported_media_type", 415);
    const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: CUSTOM_FIELD_FILE_MAX_BYTES });
    const fields = validate(GuestFileFields, form.fields);
    if (!fields.ok) throw AppError.invalid(fields.issues);
    if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
    const guest = await uploadGuestFile(ctx, params.a, params.e, params.id, fields.value.customFieldId, form.file);
    return presentGuest(guest, await loadGuestPageExtras(scope.db, [guest], scope.actor, event, ties));
  }),
  route(files.file, async (_scope, { params }, ctx) => {
    const { file, stored } = await openGuestFile(ctx, params.a, params.e, params.id, params.fileId);
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Content-Security-Policy", STORED_FILE_CSP);
    ctx.set("Cache-Control", "private, no-store");
    ctx.attachment(file.name);
    ctx.type = file.mimeType;
    ctx.length = stored.size;
    ctx.body = stored.stream;
  }),
];
