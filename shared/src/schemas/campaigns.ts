import { Type, type Static } from "@sinclair/typebox";
import {
  CAMPAIGN_EXCLUSIONS,
  CAMPAIGN_FROM_NAME_MAX,
  CAMPAIGN_LANGUAGES,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_PREVIEW_TEXT_MAX,
  CAMPAIGN_STATES,
  CAMPAIGN_SUBJECT_MAX,
  CAMPAIGN_TYPES,
} from "../rules/campaigns.ts";
import { CampaignContentSchema } from "../campaigns/content.ts";
import { Email, Nullable, Timestamp, Uuid, literals } from "./common.ts";
import { GuestSelectionQuery } from "./guests.ts";

/*
 * Email campaigns (spec §3 Campaign: name, type, subject, from name, from email, reply email, inbox preview text,
 * sending date, recipients, credits required; §4 states; §5 subject ≤ 80). Content is the editor's document per
 * language; the audience of thank and custom campaigns is a guest-list query (a saved view, filters, search).
 */

export const CampaignTypeSchema = literals(CAMPAIGN_TYPES);
export const CampaignStateSchema = literals(CAMPAIGN_STATES);
export const CampaignLanguageSchema = literals(CAMPAIGN_LANGUAGES);

/** Which guests a thank or custom campaign goes to: those the guest list's query matches. */
export const CampaignAudienceSchema = Type.Object({ query: GuestSelectionQuery }, { additionalProperties: false });
export type CampaignAudience = Static<typeof CampaignAudienceSchema>;

/** The editor's document per language (its rules: shared/src/campaigns/check.ts). */
export const CampaignContentByLanguage = Type.Partial(
  Type.Object(
    { en: CampaignContentSchema, fr: CampaignContentSchema, es: CampaignContentSchema },
    { additionalProperties: false },
  ),
);
export type CampaignContentByLanguage = Static<typeof CampaignContentByLanguage>;

/** Where a campaign's recipients stand: queued, being sent, accepted by the mail server, failed, bounced. */
export const CampaignProgressSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  queued: Type.Integer({ minimum: 0 }),
  sending: Type.Integer({ minimum: 0 }),
  sent: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  bounced: Type.Integer({ minimum: 0 }),
});
export type CampaignProgressJson = Static<typeof CampaignProgressSchema>;

export const CampaignSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  name: Type.String(),
  type: CampaignTypeSchema,
  state: CampaignStateSchema,
  subject: Type.String(),
  fromName: Type.String(),
  fromEmail: Nullable(Type.String()),
  replyEmail: Nullable(Type.String()),
  previewText: Nullable(Type.String()),
  language: CampaignLanguageSchema,
  content: CampaignContentByLanguage,
  audience: Nullable(CampaignAudienceSchema),
  sendAt: Nullable(Timestamp),
  sentAt: Nullable(Timestamp),
  /** Fixed when its send starts (before: see its summary). */
  recipientsCount: Nullable(Type.Integer()),
  creditsRequired: Nullable(Type.Integer()),
  /** Its send: when it started and ended, and where its recipients stand (null before it starts). */
  startedAt: Nullable(Timestamp),
  finishedAt: Nullable(Timestamp),
  progress: Nullable(CampaignProgressSchema),
  /** Why its send paused or a scheduled one could not start (not_enough_credits …); null otherwise. */
  sendError: Nullable(Type.String()),
  createdBy: Nullable(Uuid),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CampaignJson = Static<typeof CampaignSchema>;
export const CampaignList = Type.Object({ data: Type.Array(CampaignSchema) });

const CampaignFields = {
  name: Type.String({ minLength: 1, maxLength: CAMPAIGN_NAME_MAX }),
  subject: Type.String({ maxLength: CAMPAIGN_SUBJECT_MAX }),
  fromName: Type.String({ maxLength: CAMPAIGN_FROM_NAME_MAX }),
  fromEmail: Nullable(Email),
  replyEmail: Nullable(Email),
  previewText: Nullable(Type.String({ maxLength: CAMPAIGN_PREVIEW_TEXT_MAX })),
  language: CampaignLanguageSchema,
  content: CampaignContentByLanguage,
  audience: Nullable(CampaignAudienceSchema),
  sendAt: Nullable(Timestamp),
};

/** A new campaign: a name and a type; what is not given starts from the type's template in `language`. */
export const CampaignCreate = Type.Object(
  {
    name: CampaignFields.name,
    type: CampaignTypeSchema,
    subject: Type.Optional(CampaignFields.subject),
    fromName: Type.Optional(CampaignFields.fromName),
    fromEmail: Type.Optional(CampaignFields.fromEmail),
    replyEmail: Type.Optional(CampaignFields.replyEmail),
    previewText: Type.Optional(CampaignFields.previewText),
    language: Type.Optional(CampaignFields.language),
    content: Type.Optional(CampaignFields.content),
    audience: Type.Optional(CampaignFields.audience),
    sendAt: Type.Optional(CampaignFields.sendAt),
  },
  { additionalProperties: false },
);
export type CampaignCreate = Static<typeof CampaignCreate>;

/** Any of the fields of a pending campaign; `content` replaces the versions it names. */
export const CampaignUpdate = Type.Partial(
  Type.Object({ ...CampaignFields, type: CampaignTypeSchema }, { additionalProperties: false }),
);
export type CampaignUpdate = Static<typeof CampaignUpdate>;

/** Who the campaign would go to now, who it leaves out and why, and what it would cost. */
export const CampaignSummarySchema = Type.Object({
  /** Guests its targeting matches. */
  matched: Type.Integer({ minimum: 0 }),
  /** Those who would get a message: one credit each. */
  recipients: Type.Integer({ minimum: 0 }),
  excluded: Type.Object(
    Object.fromEntries(CAMPAIGN_EXCLUSIONS.map((reason) => [reason, Type.Integer({ minimum: 0 })])) as Record<
      (typeof CAMPAIGN_EXCLUSIONS)[number],
      ReturnType<typeof Type.Integer>
    >,
  ),
  creditsRequired: Type.Integer({ minimum: 0 }),
  /** What keeps it from being sent (content rules per language), worded in the request's language. */
  issues: Type.Array(Type.Object({ field: Type.String(), code: Type.String(), message: Type.String() })),
});
export type CampaignSummaryJson = Static<typeof CampaignSummarySchema>;

/** "Send now or later": no date (or a past one) sends now; a future one schedules; `later` without one: date_not_set. */
export const CampaignSendBody = Type.Object(
  { sendAt: Type.Optional(Nullable(Timestamp)), later: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type CampaignSendBody = Static<typeof CampaignSendBody>;

/** A test message: in a language of the campaign, to the caller (or the address given). */
export const CampaignTestBody = Type.Object(
  { language: Type.Optional(CampaignLanguageSchema), email: Type.Optional(Email) },
  { additionalProperties: false },
);
export type CampaignTestBody = Static<typeof CampaignTestBody>;
export const CampaignTestResult = Type.Object({ sentTo: Type.String() });
