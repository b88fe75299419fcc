import { Type, type Static } from "@sinclair/typebox";
import { MAIL_ERROR_KINDS, MAIL_ERROR_SOURCES } from "../rules/campaigns.ts";
import { Email, literals, Nullable, Page, Timestamp, Uuid } from "./common.ts";

/*
 * Mail errors (spec §3 mail error, §7 errormails; issue 15 item 6): per account and address, why mail to it fails.
 * Hard bounces, complaints and blocks keep the address from every send of the account; deleting the error lets it
 * be mailed again. Bounces and complaints are recorded by the mail feedback (DSNs, webhooks); people block.
 */

/** The longest reason a person writes. */
export const MAIL_ERROR_REASON_MAX = 1000;

export const MailErrorKindSchema = literals(MAIL_ERROR_KINDS);
export const MailErrorSourceSchema = literals(MAIL_ERROR_SOURCES);

export const MailErrorSchema = Type.Object({
  id: Uuid,
  email: Type.String({ description: "lower-cased" }),
  kind: MailErrorKindSchema,
  reason: Nullable(Type.String()),
  source: MailErrorSourceSchema,
  campaignId: Nullable(Uuid),
  occurrences: Type.Integer({ description: "how many times mail to it failed" }),
  isSuppressing: Type.Boolean({ description: "whether the address gets no mail of the account" }),
  lastSeenAt: Timestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type MailErrorJson = Static<typeof MailErrorSchema>;
export const MailErrorPage = Page(MailErrorSchema);

export const MailErrorQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200, description: "part of the address" })),
  kind: Type.Optional(MailErrorKindSchema),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type MailErrorQuery = Static<typeof MailErrorQuery>;

const Reason = Nullable(Type.String({ maxLength: MAIL_ERROR_REASON_MAX }));

export const MailErrorCreate = Type.Object(
  {
    email: Email,
    kind: Type.Optional(MailErrorKindSchema),
    reason: Type.Optional(Reason),
  },
  { additionalProperties: false },
);
export type MailErrorCreate = Static<typeof MailErrorCreate>;

export const MailErrorUpdate = Type.Object(
  {
    kind: Type.Optional(MailErrorKindSchema),
    reason: Type.Optional(Reason),
  },
  { additionalProperties: false },
);
export type MailErrorUpdate = Static<typeof MailErrorUpdate>;
