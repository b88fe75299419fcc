import { registrationContracts as registration } from "@tessera/shared/contracts/registration";
import { CUSTOM_FIELD_FILE_MAX_BYTES, FormUploadFields, validate } from "@tessera/shared";
import { AppError } from "../../../errors.ts";
import { sendForm, viewPublicForm } from "../../../services/forms/registration.ts";
import { uploadFormFile, type FormUploadInput } from "../../../services/forms/uploads.ts";
import { publicFormTerms } from "../../../services/forms/terms.ts";
import { takeRegistrationTurn } from "../../../services/forms/registrationThrottle.ts";
import { sendTerms } from "./sendTerms.ts";
import type { ApiContext } from "../../context.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { route, type Route } from "../define.ts";

/** /public/events/{event}/forms/{id}: an online form as guests see it. */
export const publicFormRoutes: Route[] = [
  route(registration.viewForm, (scope, { params }) => viewPublicForm(scope, params.event, params.id)),
  route(registration.terms, async (scope, { params }, ctx) =>
    sendTerms(ctx, await publicFormTerms(scope, params.event, params.id)),
  ),
];

/** The multipart body of an upload: `formId`, `customFieldId` (and the spec's optional `userId`), and `file`. */
async function readUpload(ctx: ApiContext): Promise<FormUploadInput> {
  if (!isMultipart(ctx)) throw new AppError("unsupported_media_type", 415);
  const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: CUSTOM_FIELD_FILE_MAX_BYTES });
  const fields = validate(FormUploadFields, form.fields);
  if (!fields.ok) throw AppError.invalid(fields.issues);
  if (!form.file) throw AppError.invalid([{ field: "file", code: "required" }]);
  return { formId: fields.value.formId, customFieldId: fields.value.customFieldId, file: form.file };
}

/** /{lang}/{event}/forms/sendForm/{id} and /{event}/forms/uploadFile (spec §7, outside /api/v1): guests register. */
export const legacyRegistrationRoutes: Route[] = [
  route(registration.sendForm, async (scope, { params, body }) => {
    await takeRegistrationTurn(scope, "registration");
    return sendForm(scope, params.event, params.id, body);
  }),
  route(registration.uploadFile, async (scope, { params }, ctx) => {
    await takeRegistrationTurn(scope, "upload");
    return uploadFormFile(scope, params.event, () => readUpload(ctx));
  }),
];
