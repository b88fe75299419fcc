import { Type, type Static } from "@sinclair/typebox";
import { Email, Nullable, Timestamp, Uuid, literals } from "./common.ts";

/**
 * Why a recipient's message did not go ("some recipients could not be synchronized", spec §8): they unsubscribed,
 * bounced, were blocked or complained after the campaign's recipients were written; the mail server refused the
 * message for good; or it kept answering "try later" until the sender gave up.
 */
export const UNSENT_REASONS = ["unsubscribed", "bounced", "blocked", "complained", "refused", "gave_up"] as const;
export type UnsentReason = (typeof UNSENT_REASONS)[number];

export const UnsentRecipientSchema = Type.Object({
  guestId: Nullable(Uuid),
  email: Email,
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  reason: literals(UNSENT_REASONS),
  /** The mail server's answer (refused, gave_up); null otherwise. */
  detail: Nullable(Type.String()),
  attempts: Type.Integer({ minimum: 0 }),
  at: Timestamp,
});
export type UnsentRecipientJson = Static<typeof UnsentRecipientSchema>;

export const UnsentRecipientsSchema = Type.Object({
  /** How many recipients got no message. */
  total: Type.Integer({ minimum: 0 }),
  /** The first of them (by name), at most 100. */
  data: Type.Array(UnsentRecipientSchema),
});
export type UnsentRecipientsJson = Static<typeof UnsentRecipientsSchema>;
