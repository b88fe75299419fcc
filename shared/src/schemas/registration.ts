import { Type, type Static } from "@sinclair/typebox";
import { LANGUAGES } from "../i18n/languages.ts";
import { Email, Nullable, Timestamp, Uuid, literals } from "./common.ts";
import { CartRequest, PlacedCartSchema } from "./ticketOffice.ts";
import { FormItemSchema, FormTypeSchema } from "./forms.ts";
import { CustomFieldTypeSchema, GuestStatusSchema } from "./guests.ts";

const EventSlug = Type.String({ minLength: 1, maxLength: 100, description: "the event's URL slug" });
const Name = Type.String({ minLength: 1, maxLength: 100 });

export const PublicFormParams = Type.Object({ event: EventSlug, id: Uuid });
export const SendFormParams = Type.Object({ lang: literals(LANGUAGES), event: EventSlug, id: Uuid });

/** A question as a guest sees it: no quota figures, only whether an answer is full. */
export const PublicFieldSchema = Type.Object({
  id: Uuid,
  label: Type.String(),
  helpText: Nullable(Type.String()),
  type: CustomFieldTypeSchema,
  isRequired: Type.Boolean(),
  isReadOnly: Type.Boolean(),
  options: Type.Array(
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      isFull: Type.Boolean(),
      /** When full, a guest may join its waiting list (items.waitingList) instead of choosing another. */
      hasWaitingList: Type.Boolean(),
    }),
  ),
  rules: Type.Record(Type.String(), Type.Unknown()),
});

export const PublicFormSchema = Type.Object({
  id: Uuid,
  type: FormTypeSchema,
  title: Type.String(),
  items: Type.Array(FormItemSchema),
  fields: Type.Array(PublicFieldSchema),
  event: Type.Object({
    name: Type.String(),
    slug: Type.String(),
    startsAt: Nullable(Timestamp),
    endsAt: Nullable(Timestamp),
    timezone: Type.String(),
    languages: Type.Array(Type.String()),
  }),
  /** Registrations are taken (the closing date not passed, places left). */
  isOpen: Type.Boolean(),
  /** The earlier of the form's and the event's closing dates. */
  closesAt: Nullable(Timestamp),
  /** Shown once the form is sent, in the page's language. */
  confirmationMessage: Nullable(Type.String()),
  /** Guests see the attendees who agree to be listed: ask for their consent (items.listedConsent). */
  publishAttendees: Type.Boolean(),
  /** The terms to accept, when the form has them: GET …/forms/{id}/terms. */
  terms: Nullable(Type.Object({ name: Type.String(), size: Type.Integer() })),
});
export type PublicFormJson = Static<typeof PublicFormSchema>;

/** spec §6 form submission: formId, items, mail. */
export const SendFormBody = Type.Object(
  {
    formId: Uuid,
    mail: Email,
    items: Type.Object(
      {
        firstName: Name,
        lastName: Name,
        /**
         * By custom field id; answers to questions the form hides are dropped. A file question's: the upload's
         * `{ uploadId, uploadKey }` (POST …/forms/uploadFile), or through the portal `{ keep: fileId }` (the
         * signed-in guest's own file of that question) or null (removes it); the stored
         * `{ fileId, name, size }` is never taken.
         */
        answers: Type.Record(Type.String(), Type.Unknown(), { maxProperties: 300 }),
        /** The participation question's answer, when the form has one. */
        participation: Type.Optional(Type.Boolean()),
        /** Agrees to appear on the attendees list, when the form publishes one (asked then only). */
        listedConsent: Type.Optional(Type.Boolean()),
        /**
         * Questions (custom field ids) whose chosen answer, when it is full, puts the guest on its waiting
         * list: the guest registers without it and gets it when a place frees up. Otherwise a full answer
         * is refused (option_quota_filled).
         */
        waitingList: Type.Optional(Type.Array(Uuid, { maxItems: 300 })),
        /** Has read and accepts the form's terms: required (true) when the form has terms. */
        acceptsTerms: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    /**
     * Tickets bought with the registration, when the event's ticket office is open: the cart is placed with
     * the guest (its places held, `order` in the answer), or the registration is refused with it and nothing
     * is saved (409 ticket_unavailable, option_quota_filled, ticket_already_owned; 422 for a coupon).
     */
    order: Type.Optional(CartRequest),
  },
  { additionalProperties: false },
);
export type SendFormBody = Static<typeof SendFormBody>;

/** An answer a guest waits for: the question (custom field id) and its option. */
export const WaitingAnswerSchema = Type.Object({ fieldId: Uuid, optionId: Type.String() });
export type WaitingAnswer = Static<typeof WaitingAnswerSchema>;

export const SendFormResult = Type.Object({
  status: GuestStatusSchema,
  /** An existing guest of the event with this email was updated rather than a new one created. */
  matchedExisting: Type.Boolean(),
  /** The full answers the guest waits for (asked in items.waitingList), in the order they joined. */
  waitingList: Type.Optional(Type.Array(WaitingAnswerSchema)),
  /** The cart placed with the registration (sendForm's `order`): its payment step's link is built from it. */
  order: Type.Optional(PlacedCartSchema),
});
export type SendFormResult = Static<typeof SendFormResult>;

/** spec §7 uploadFile: the file (multipart part `file`), the form, the file question it answers. */
export const FormUploadFields = Type.Object(
  {
    formId: Uuid,
    customFieldId: Uuid,
    /** spec §7: the guest the file is for; only the signed-in guest's own id is taken, as no id at all. */
    userId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export const FormUploadForm = Type.Object({
  file: Type.String({ format: "binary", description: "PDF, image or office document, 15 MB at most" }),
  formId: Uuid,
  customFieldId: Uuid,
  userId: Type.Optional(Uuid),
});

/** An upload waiting for the form: send `{ uploadId, uploadKey }` as the file question's answer. */
export const FormUploadResult = Type.Object({
  uploadId: Uuid,
  uploadKey: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
});
export type FormUploadResult = Static<typeof FormUploadResult>;
