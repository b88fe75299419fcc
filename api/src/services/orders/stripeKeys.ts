import type { TicketingMode } from "@tessera/shared/schemas/ticketingBilling";
import { DEFAULT_STRIPE_JS_URL, type StripeConfig } from "../../config.ts";
import type { Knex } from "../../db/knex.ts";
import { AccountStripeKeys } from "../../models/AccountStripeKeys.ts";
import type { PaymentContext } from "./payment.ts";
import type { AppDeps, Clock } from "../scope.ts";
import { openStripeSecret } from "./stripeKeyVault.ts";

/*
 * Which Stripe keys an event's payments use (issue 14 item 5): its account's keys for the mode (test or live),
 * else the server's (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY). The payment services take them as a
 * PaymentContext; the card form takes the publishable key that goes with the secret one.
 */

type Deps = { deps: Pick<AppDeps, "config">; db: Knex; clock: Clock };

export interface AccountStripeSecrets {
  publishableKey: string | null;
  secretKey: string | null;
  webhookSecret: string | null;
}

/** The account's keys for `mode`, opened (null: none stored). */
export async function accountStripeSecrets(
  db: Knex,
  serverSecret: string,
  accountId: string,
  mode: TicketingMode,
): Promise<AccountStripeSecrets | null> {
  const row = await AccountStripeKeys.query(db).findOne({ accountId, mode });
  if (!row) return null;
  const open = (kind: "secret_key" | "webhook_secret", sealed: string | null) =>
    sealed === null ? null : openStripeSecret(serverSecret, { accountId, mode, kind }, sealed);
  return {
    publishableKey: row.publishableKey,
    secretKey: open("secret_key", row.secretKeyEncrypted),
    webhookSecret: open("webhook_secret", row.webhookSecretEncrypted),
  };
}

/** The Stripe configuration of an account's mode: its own secret key when it has one, else the server's. */
export async function stripeConfigFor(scope: Deps, accountId: string, mode: TicketingMode): Promise<StripeConfig> {
  const server = scope.deps.config.stripe;
  const own = await accountStripeSecrets(scope.db, scope.deps.config.secret, accountId, mode);
  if (!own?.secretKey) return server;
  return {
    apiUrl: server.apiUrl,
    secretKey: own.secretKey,
    webhookSecret: own.webhookSecret,
    publishableKey: own.publishableKey,
    jsUrl: server.jsUrl,
  };
}

/** The PaymentContext of an account's payments in `mode` (an event's mode, or the mode an order was placed in). */
export async function accountPaymentContext(
  scope: Deps,
  accountId: string,
  mode: TicketingMode,
): Promise<PaymentContext> {
  return {
    db: scope.db,
    stripe: await stripeConfigFor(scope, accountId, mode),
    now: () => scope.clock.now(),
  };
}

/** The card form's configuration for those keys; null when there is no key pair to take a card with. */
export function cardSetupOf(stripe: StripeConfig): { publishableKey: string; stripeJsUrl: string } | null {
  if (!stripe.secretKey || !stripe.publishableKey) return null;
  return { publishableKey: stripe.publishableKey, stripeJsUrl: stripe.jsUrl ?? DEFAULT_STRIPE_JS_URL };
}
