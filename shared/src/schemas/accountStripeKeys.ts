import { Type, type Static } from "@sinclair/typebox";
import { Nullable } from "./common.ts";

/*
 * An account's own Stripe keys, test and live (issue 14 item 5): the publishable key the card form loads Stripe.js
 * with, the secret key payments are made with, and the webhook signing secret of the account's endpoint
 * (POST /api/v1/payments/stripe/webhook/{accountId}). Secret ones are never answered: whether each is set and
 * its last four characters.
 */

export const STRIPE_KEY_MAX = 255;

const key = (pattern: string) => Type.String({ maxLength: STRIPE_KEY_MAX, pattern });
const WebhookSecret = Type.String({ maxLength: STRIPE_KEY_MAX, pattern: "^whsec_[A-Za-z0-9_]+$" });

/** What is set of one mode's keys. */
export const StripeModeKeysSchema = Type.Object({
  publishableKey: Nullable(Type.String()),
  secretKeySet: Type.Boolean(),
  secretKeyLast4: Nullable(Type.String()),
  webhookSecretSet: Type.Boolean(),
  webhookSecretLast4: Nullable(Type.String()),
});

export const AccountStripeKeysSchema = Type.Object({
  test: StripeModeKeysSchema,
  live: StripeModeKeysSchema,
  /** Where Stripe posts this account's events (the endpoint to configure in its dashboard). */
  webhookPath: Type.String(),
});
export type AccountStripeKeysJson = Static<typeof AccountStripeKeysSchema>;

/** One mode's keys to change: a key given replaces the stored one, null removes it, left out keeps it. */
const ModeKeysUpdate = (mode: "test" | "live") =>
  Type.Object(
    {
      publishableKey: Type.Optional(Nullable(key(`^pk_${mode}_[A-Za-z0-9_]+$`))),
      secretKey: Type.Optional(Nullable(key(`^(sk|rk)_${mode}_[A-Za-z0-9_]+$`))),
      webhookSecret: Type.Optional(Nullable(WebhookSecret)),
    },
    { additionalProperties: false },
  );

export const AccountStripeKeysUpdate = Type.Object(
  { test: Type.Optional(ModeKeysUpdate("test")), live: Type.Optional(ModeKeysUpdate("live")) },
  { additionalProperties: false },
);
export type AccountStripeKeysUpdate = Static<typeof AccountStripeKeysUpdate>;
