import { Type, type Static } from "@sinclair/typebox";
import { Email, Nullable, Timestamp, Uuid } from "./common.ts";

/*
 * Sender emails (spec §3 sender email, §5 "Sender email must be unique", §8 sender email already exists): the
 * addresses an account sends campaigns from. One is added pending; a mail to it carries a link whose token proves
 * the address is the account's, and opening it (then confirming) verifies it. Only verified senders send.
 */

/** The longest display name of a sender. */
export const SENDER_NAME_MAX = 100;
/** How long a verification link works after it is sent. */
export const SENDER_VERIFICATION_VALID_HOURS = 48;

export const SenderSchema = Type.Object({
  id: Uuid,
  email: Type.String({ description: "lower-cased" }),
  name: Nullable(Type.String()),
  isVerified: Type.Boolean(),
  verifiedAt: Nullable(Timestamp),
  verificationSentAt: Nullable(Timestamp),
  verificationExpiresAt: Nullable(Timestamp),
  createdAt: Timestamp,
});
export type SenderJson = Static<typeof SenderSchema>;
export const SenderList = Type.Object({ data: Type.Array(SenderSchema) });

export const SenderCreate = Type.Object(
  {
    email: Email,
    name: Type.Optional(Nullable(Type.String({ maxLength: SENDER_NAME_MAX }))),
  },
  { additionalProperties: false },
);
export type SenderCreate = Static<typeof SenderCreate>;

/** A sender's verification link's token (an unknown one: 404). */
export const SenderVerificationParams = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: "the token of the verification mail's link" }),
});

/** What the verification page shows. */
export const SenderVerificationSchema = Type.Object({
  email: Type.String(),
  accountName: Type.String(),
  isVerified: Type.Boolean(),
});
export type SenderVerificationJson = Static<typeof SenderVerificationSchema>;
