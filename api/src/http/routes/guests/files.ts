import { Type } from "@sinclair/typebox";
import { CUSTOM_FIELD_FILE_MAX_BYTES, EventScopedIdParams, GuestSchema, Uuid, validate } from "@tessera/shared";
import { AppError } from "../../../errors.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { STORED_FILE_CSP } from "../../middleware/security.ts";
import { loadGuestPageExtras, presentGuest } from "../../presenters/guest.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { GUEST_FILE_TYPES, openGuestFile, uploadGuestFile } from "../../../services/guests/files.ts";
import { findGuest } from "../../../services/guests/write.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["guests"];

/** The text fields of the multipart upload (the file itself is the `file` part). */
const GuestFileFields = Type.Object({ customFieldId: Uuid }, { additionalProperties: false });
const GuestFileParams = Type.Object({ a: Uuid, e: Uuid, id: Uuid, fileId: Uuid });

export const guestFileRoutes: Route[] = [
  defineRoute({
    method: "post",
    path: "/events/:a/:e/users/:id/files",
    summary: "Upload a guest's answer to a file custom field",
    description:
      "Editors and up (events.update); an event the caller cannot see is 404. multipart/form-data with a " +
      "`file` part and a `customFieldId` field (a `file` custom field of the event, 422 otherwise). The type " +
      `is judged from the content: ${Object.values(GUEST_FILE_TYPES).join(", ")} (DOCX, XLSX and ODT by their ` +
      "inner entries; a bare ZIP or text is refused), otherwise 422 unsupported_file_type; at most " +
      `${CUSTOM_FIELD_FILE_MAX_BYTES} bytes, refused while streaming (413 file_too_big). The guest's answer ` +
      "becomes `{fileId, name, size}`; a replaced file is deleted. Answers the guest.",
    tags: TAGS,
    params: EventScopedIdParams,
    documentedBodies: {
      "multipart/form-data": Type.Object({
        file: Type.String({ contentMediaType: "application/octet-stream", description: "the file" }),
        customFieldId: Uuid,
      }),
    },
    response: GuestSchema,
    status: 201,
    errors: [403, 404, 413, 415, 422],
    handler: async (ctx, { params }) => {
      // Who may write, and to which guest, is settled before a byte of the body is read.
      const { event, ties } = await findEventFor(ctx.deps.db, ctx.state.actor, "update", params.a, params.e);
      await findGuest(ctx.deps.db, params.e, params.id);
      if (!isMultipart(ctx)) throw new AppError("unsupported_media_type", 415);
      const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: CUSTOM_FIELD_FILE_MAX_BYTES });
      const fields = validate(GuestFileFields, form.fields);
      if (!fields.ok) throw AppError.invalid(fields.issues);
      if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
      const guest = await uploadGuestFile(ctx, params.a, params.e, params.id, fields.value.customFieldId, form.file);
      return presentGuest(guest, await loadGuestPageExtras(ctx.deps.db, [guest], ctx.state.actor, event, ties));
    },
  }),
  defineRoute({
    method: "get",
    path: "/events/:a/:e/users/:id/files/:fileId",
    summary: "Download a guest's answer file",
    description:
      "Anyone who sees the event (events.read); otherwise, or for a file of another guest, 404. Sent as an " +
      "attachment with the type sniffed at upload and `X-Content-Type-Options: nosniff`.",
    tags: TAGS,
    params: GuestFileParams,
    errors: [404],
    handler: async (ctx, { params }) => {
      const { file, stored } = await openGuestFile(ctx, params.a, params.e, params.id, params.fileId);
      ctx.set("X-Content-Type-Options", "nosniff");
      ctx.set("Content-Security-Policy", STORED_FILE_CSP);
      ctx.set("Cache-Control", "private, no-store");
      ctx.attachment(file.name);
      ctx.type = file.mimeType;
      ctx.length = stored.size;
      ctx.body = stored.stream;
      return undefined;
    },
  }),
];
