import { CUSTOM_FIELD_FILE_MAX_BYTES, GUEST_FILE_TYPES } from "../rules/customFields.ts";
import { EventScopedIdParams, GuestFileParams, GuestFileUpload, GuestSchema } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["guests"];

/** A guest's answers to `file` custom fields: upload and download (in the `guests` area of the registry). */
export const guestFileContracts = {
  uploadFile: contract({
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
    tags,
    params: EventScopedIdParams,
    multipart: GuestFileUpload,
    response: GuestSchema,
    status: 201,
    errors: [403, 404, 413, 415, 422],
  }),
  file: contract({
    method: "get",
    path: "/events/:a/:e/users/:id/files/:fileId",
    summary: "Download a guest's answer file",
    description:
      "Anyone who sees the event (events.read); otherwise, or for a file of another guest, 404. Sent as an " +
      "attachment with the type sniffed at upload and `X-Content-Type-Options: nosniff`.",
    tags,
    params: GuestFileParams,
    // The file as it was stored: its type was sniffed from its content at upload (any of GUEST_FILE_TYPES).
    download: "*/*",
    errors: [404],
  }),
};
