import { Type, type Static } from "@sinclair/typebox";
import { CampaignContentSchema } from "../campaigns/content.ts";
import { AUTO_MAIL_KINDS } from "../rules/campaigns.ts";
import { CampaignLanguageSchema } from "./campaigns.ts";
import { Email, Nullable, Timestamp, Uuid, literals } from "./common.ts";

/*
 * An event's automatic mails (issue 15 item 7): per kind and language, the event's own wording or the default
 * one, written with the campaign editor's blocks; each kind can be turned off for the event (not the sign-in
 * link's).
 */

export const AutoMailKindSchema = literals(AUTO_MAIL_KINDS);

/** auto_mails.subject's size. */
const AUTO_MAIL_SUBJECT_COLUMN_MAX = 200;

export const AutoMailKindParams = Type.Object({ a: Uuid, e: Uuid, kind: AutoMailKindSchema });
export const AutoMailParams = Type.Object({
  a: Uuid,
  e: Uuid,
  kind: AutoMailKindSchema,
  language: CampaignLanguageSchema,
});
export type AutoMailParams = Static<typeof AutoMailParams>;

/** One language of a kind in the list: the event's own wording or the default. */
export const AutoMailLanguageSchema = Type.Object({
  language: CampaignLanguageSchema,
  isCustomised: Type.Boolean(),
  subject: Type.String(),
  updatedAt: Nullable(Timestamp),
});

/** A kind of automatic mail of the event: whether it is sent, and its languages. */
export const AutoMailKindSummarySchema = Type.Object({
  kind: AutoMailKindSchema,
  enabled: Type.Boolean(),
  /** False for the sign-in link: a guest must always be able to sign in. */
  canDisable: Type.Boolean(),
  languages: Type.Array(AutoMailLanguageSchema),
});
export type AutoMailKindSummaryJson = Static<typeof AutoMailKindSummarySchema>;
export const AutoMailList = Type.Object({ data: Type.Array(AutoMailKindSummarySchema) });

/** One kind in one language, as it is sent: its subject and blocks, and the merge tags it may use. */
export const AutoMailSchema = Type.Object({
  kind: AutoMailKindSchema,
  language: CampaignLanguageSchema,
  subject: Type.String(),
  content: CampaignContentSchema,
  isCustomised: Type.Boolean(),
  enabled: Type.Boolean(),
  canDisable: Type.Boolean(),
  /** The merge tags this kind may use, and those whose value is a URL (which may start a link's target). */
  tags: Type.Array(Type.String()),
  linkTags: Type.Array(Type.String()),
  updatedAt: Nullable(Timestamp),
});
export type AutoMailJson = Static<typeof AutoMailSchema>;

/** What a subject may hold at all; the rule (at most 80 characters, the campaigns' message) is checkCampaignContent's. */
const Subject = Type.String({ maxLength: AUTO_MAIL_SUBJECT_COLUMN_MAX });

/** The event's own wording of a kind in a language (the campaign rules: subject ≤ 80, footer, targets). */
export const AutoMailSave = Type.Object(
  { subject: Subject, content: CampaignContentSchema },
  { additionalProperties: false },
);
export type AutoMailSave = Static<typeof AutoMailSave>;

export const AutoMailEnabledBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type AutoMailEnabledBody = Static<typeof AutoMailEnabledBody>;

/** A preview: of the wording given (a draft), or the saved one; for a guest of the event, or the caller. */
export const AutoMailPreviewBody = Type.Object(
  {
    subject: Type.Optional(Subject),
    content: Type.Optional(CampaignContentSchema),
    guestId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type AutoMailPreviewBody = Static<typeof AutoMailPreviewBody>;

/** A test message: of the wording given or the saved one, to the caller (or the address given). */
export const AutoMailTestBody = Type.Object(
  {
    subject: Type.Optional(Subject),
    content: Type.Optional(CampaignContentSchema),
    email: Type.Optional(Email),
  },
  { additionalProperties: false },
);
export type AutoMailTestBody = Static<typeof AutoMailTestBody>;
