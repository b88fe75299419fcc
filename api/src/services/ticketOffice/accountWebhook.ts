import type Stripe from "stripe";
import type { Knex } from "../../db/knex.ts";
import { handleStripeEvent, type WebhookOutcome } from "../orders/webhook.ts";
import type { PaymentContext } from "../orders/payment.ts";
import type { AppDeps, Clock } from "../scope.ts";
import { accountPaymentContext, accountStripeSecrets } from "../orders/stripeKeys.ts";

/*
 * An account's own webhook endpoint (issue 14 item 5): Stripe posts the events of the account's Stripe
 * account there, signed with the webhook secret the account stored for either mode. An event only ever
 * settles the account's own payments and refunds: one naming another account's is ignored.
 */

type Deps = { deps: Pick<AppDeps, "config">; db: Knex; clock: Clock };

/** The account's webhook secrets, with the mode each belongs to (none: the account has no endpoint). */
export async function accountWebhookSecrets(scope: Deps, accountId: string) {
  const secrets: { mode: "test" | "live"; secret: string }[] = [];
  for (const mode of ["test", "live"] as const) {
    const keys = await accountStripeSecrets(scope.db, scope.deps.config.secret, accountId, mode);
    if (keys?.webhookSecret) secrets.push({ mode, secret: keys.webhookSecret });
  }
  return secrets;
}

/** Whether the payment or refund an event names belongs to the account (an event naming neither: true). */
async function namesOwnRow(db: Knex, accountId: string, event: Stripe.Event): Promise<boolean> {
  const object = event.data.object as { metadata?: Record<string, string> | null };
  const paymentId = object.metadata?.paymentId;
  const refundId = object.metadata?.refundId;
  if (event.type.startsWith("payment_intent.") && paymentId) {
    const row = await db("payments")
      .join("orders", "orders.id", "payments.orderId")
      .where({ "payments.id": paymentId, "orders.accountId": accountId })
      .first("payments.id");
    return row !== undefined;
  }
  if (event.type.startsWith("refund.") && refundId) {
    const row = await db("refunds")
      .join("orders", "orders.id", "refunds.orderId")
      .where({ "refunds.id": refundId, "orders.accountId": accountId })
      .first("refunds.id");
    return row !== undefined;
  }
  return true;
}

/** A verified event of the account's endpoint, handled once (handleStripeEvent) with the account's keys. */
export async function handleAccountStripeEvent(
  scope: Deps,
  accountId: string,
  mode: "test" | "live",
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  if (!(await namesOwnRow(scope.db, accountId, event))) return "ignored";
  const context: PaymentContext = await accountPaymentContext(scope, accountId, mode);
  return handleStripeEvent(context, event);
}
