import { Type, type Static } from "@sinclair/typebox";
import { Email, Nullable, Timestamp, Uuid, literals } from "./common.ts";
import { GuestStatusSchema } from "./guests.ts";

const EventSlug = Type.String({ minLength: 1, maxLength: 100, description: "the event's URL slug" });

export const PortalParams = Type.Object({ event: EventSlug });

/** Where to send a sign-in link: the guest's email. */
export const PortalLinkBody = Type.Object({ email: Email }, { additionalProperties: false });
export const PortalLinkResult = Type.Object({
  sent: Type.Literal(true, { description: "the same answer whether the event has a guest with this email or not" }),
});

/** The emailed link's token (its confirm page sends it), or the email with the 6-digit code of the same mail. */
export const PortalSignInBody = Type.Union([
  Type.Object({ token: Type.String({ minLength: 20, maxLength: 200 }) }, { additionalProperties: false }),
  Type.Object({ email: Email, code: Type.String({ pattern: "^[0-9]{6}$" }) }, { additionalProperties: false }),
]);
export type PortalSignInBody = Static<typeof PortalSignInBody>;

/** The signed-in guest, as their portal shows them. */
export const PortalGuestSchema = Type.Object({
  id: Uuid,
  firstName: Type.Union([Type.String(), Type.Null()]),
  lastName: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  status: GuestStatusSchema,
});
export type PortalGuestJson = Static<typeof PortalGuestSchema>;
/** A full answer the guest waits for (its place in line), or got once a place freed up (promoted). */
export const PortalWaitingEntrySchema = Type.Object({
  id: Uuid,
  fieldId: Uuid,
  /** The question's label. */
  question: Type.String(),
  optionId: Type.String(),
  /** The answer's label. */
  answer: Type.String(),
  status: Type.Union([Type.Literal("waiting"), Type.Literal("promoted")]),
  /** 1: the next to get a place; null once promoted. */
  position: Nullable(Type.Integer({ minimum: 1 })),
  joinedAt: Timestamp,
  promotedAt: Nullable(Timestamp),
});
export type PortalWaitingEntry = Static<typeof PortalWaitingEntrySchema>;

export const PortalMe = Type.Object({
  guest: PortalGuestSchema,
  event: Type.Object({ name: Type.String(), slug: Type.String() }),
  /** The full answers the guest waits for or got from a waiting list, in the order they joined. */
  waitingList: Type.Array(PortalWaitingEntrySchema),
});
export type PortalMe = Static<typeof PortalMe>;

/**
 * Why the guest cannot change their answers: no online registration form, its closing date passed (or not
 * yet open), the event full while they hold no place in it, their registration cancelled or rejected, or no
 * email to register with.
 */
export const PortalCannotEditReasonSchema = literals([
  "no_form",
  "closed",
  "full",
  "cancelled",
  "rejected",
  "no_email",
] as const);
export type PortalCannotEditReason = Static<typeof PortalCannotEditReasonSchema>;

/** The signed-in guest's registration: the form to answer again, and what they answered. */
export const PortalRegistrationSchema = Type.Object({
  formId: Nullable(Uuid),
  status: GuestStatusSchema,
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  /** Agreed to appear on the attendees list (asked again when the answers are changed). */
  listedConsent: Type.Boolean(),
  /** By custom field id; a file question's is the stored `{ fileId, name, size }` (send `{ keep: fileId }` to keep it). */
  answers: Type.Record(Type.String(), Type.Unknown()),
  /**
   * The guest may change their answers now: their own place is theirs, so a full event does not stop them
   * (only those who hold none). Otherwise why not (cannotEditReason).
   */
  canEdit: Type.Boolean(),
  cannotEditReason: Nullable(PortalCannotEditReasonSchema),
});
export type PortalRegistration = Static<typeof PortalRegistrationSchema>;

export const PortalSurveyParams = Type.Object({ event: EventSlug, id: Uuid });

/** An online satisfaction survey, as the guest's portal lists it. */
export const PortalSurveySchema = Type.Object({
  id: Uuid,
  title: Type.String(),
  /** Answers are taken (its opening date reached, its closing date not passed). */
  isOpen: Type.Boolean(),
  answered: Type.Boolean(),
});
export type PortalSurvey = Static<typeof PortalSurveySchema>;
export const PortalSurveyList = Type.Object({ data: Type.Array(PortalSurveySchema) });

export const SurveyAnswerBody = Type.Object(
  { answers: Type.Record(Type.String(), Type.Unknown(), { maxProperties: 300 }) },
  { additionalProperties: false },
);
export type SurveyAnswerBody = Static<typeof SurveyAnswerBody>;

export const PortalCompanionParams = Type.Object({ event: EventSlug, id: Uuid });

/** A companion the guest adds or changes: a name, an email if they have one, the companion form's answers. */
export const PortalCompanionBody = Type.Object(
  {
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.Optional(Type.Union([Email, Type.Literal("")])),
    answers: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { maxProperties: 300 })),
  },
  { additionalProperties: false },
);
export type PortalCompanionBody = Static<typeof PortalCompanionBody>;

export const PortalCompanionSchema = Type.Object({
  id: Uuid,
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  email: Nullable(Type.String()),
  status: GuestStatusSchema,
  answers: Type.Record(Type.String(), Type.Unknown()),
});
export type PortalCompanion = Static<typeof PortalCompanionSchema>;
export const PortalCompanionList = Type.Object({
  data: Type.Array(PortalCompanionSchema),
  /** The event's maximum of companions per guest (null: no maximum). */
  max: Nullable(Type.Integer()),
});

/** An attendee as the published list shows them to other guests. */
export const PortalAttendeeSchema = Type.Object({
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  company: Nullable(Type.String()),
});
export type PortalAttendee = Static<typeof PortalAttendeeSchema>;
export const PortalAttendeeList = Type.Object({ data: Type.Array(PortalAttendeeSchema) });
