import { Type } from "@sinclair/typebox";
import {
  FormUploadForm,
  FormUploadResult,
  PublicFormParams,
  PublicFormSchema,
  SendFormBody,
  SendFormParams,
  SendFormResult,
} from "../schemas/registration.ts";
import { contract } from "./contract.ts";

const tags = ["registration"];

/** What guests call: the online form of an event, and their registration through it (spec §7 forms). */
export const registrationContracts = {
  viewForm: contract({
    method: "get",
    path: "/public/events/:event/forms/:id",
    auth: "public",
    summary: "An online form as guests see it",
    description:
      "`event` is the event's slug. The form's items and questions, each answer's place (full or not), and " +
      "whether registrations are taken. A draft, an unknown form or an archived event: 404 form_not_set.",
    tags,
    params: PublicFormParams,
    response: PublicFormSchema,
    errors: [404],
  }),
  sendForm: contract({
    method: "post",
    path: "/:lang/:event/forms/sendForm/:id",
    isLegacy: true,
    auth: "public",
    summary: "Register through an online form",
    description:
      "Creates the guest, or updates the event's guest with this email (no duplicate). The server decides " +
      "which questions were shown and drops answers to the others; required shown questions must be " +
      "answered. A form with terms takes a registration only with `items.acceptsTerms: true` (else 422 " +
      "terms_required at that field). A full answer of a question listed in `items.waitingList` (when the " +
      "answer offers a waiting list) is left out and the guest waits for it (`waitingList` in the answer). " +
      "Refused when registrations are closed (registration_closed), the event is full " +
      "(max_registrations_reached), an answer's quota is filled (option_quota_filled) or the guest was " +
      "rejected (registration_rejected); nothing is saved then. Messages in `lang`. Too many registrations " +
      "from one address within the throttle's window: 429 with Retry-After.",
    tags,
    params: SendFormParams,
    body: SendFormBody,
    response: SendFormResult,
    status: 201,
    errors: [404, 409, 422, 429],
  }),
  uploadFile: contract({
    method: "post",
    path: "/:event/forms/uploadFile",
    isLegacy: true,
    auth: "public",
    summary: "Upload a file for a form's file question",
    description:
      "Before sending the form: any online form of the event whose questions include the file question (a " +
      "registration form, a satisfaction survey answered in the portal, the companion form). The type is judged " +
      "from the content (PDF, PNG, JPEG, WebP, GIF, DOCX, XLSX, ODT), 15 MB at most. Kept a day; send " +
      "`{ uploadId, uploadKey }` as the question's answer in that form (and no other) to keep it. " +
      "Too many uploads from one address within the throttle's window: 429 with Retry-After.",
    tags,
    params: Type.Object({ event: Type.String({ minLength: 1, maxLength: 100 }) }),
    multipart: FormUploadForm,
    response: FormUploadResult,
    status: 201,
    errors: [404, 413, 415, 422, 429],
  }),
  terms: contract({
    method: "get",
    path: "/public/events/:event/forms/:id/terms",
    auth: "public",
    summary: "Download an online form's terms",
    tags,
    params: PublicFormParams,
    download: "application/pdf",
    errors: [404],
  }),
};
