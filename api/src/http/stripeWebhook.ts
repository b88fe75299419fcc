import type Stripe from "stripe";
import { AppError } from "../errors.ts";
import { readLimited } from "../net/readLimited.ts";
import { verifyWebhook, WebhookVerificationError } from "../payments/stripeClient.ts";
import { paymentContextOf } from "../services/orders/payment.ts";
import { handleStripeEvent } from "../services/orders/webhook.ts";
import { followStripeEvent } from "../services/orders/webhookFollowUp.ts";
import { accountWebhookSecrets, handleAccountStripeEvent } from "../services/ticketOffice/accountWebhook.ts";
import type { ApiContext, ApiMiddleware } from "./context.ts";

/** Where Stripe posts its events (the endpoint configured in its dashboard). */
export const STRIPE_WEBHOOK_PATH = "/api/v1/payments/stripe/webhook";
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;
const ACCOUNT_PATH = new RegExp(
  `^${STRIPE_WEBHOOK_PATH}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);

/** The endpoint of an account's own Stripe account (its keys: services/ticketOffice/accountStripeKeys.ts). */
export const accountWebhookPath = (accountId: string) => `${STRIPE_WEBHOOK_PATH}/${accountId}`;

function notFound(ctx: ApiContext): void {
  ctx.status = 404;
  ctx.body = { error: { code: "not_found" } };
}

/**
 * The event the raw body holds, verified with the first of `secrets` whose signature it carries; null (answered
 * 400) when none does.
 */
async function verified<S extends { secret: string }>(
  ctx: ApiContext,
  secrets: readonly S[],
): Promise<{ event: Stripe.Event; by: S } | null> {
  const { deps } = ctx;
  const payload = await readLimited(ctx.req, WEBHOOK_BODY_LIMIT_BYTES, () => new AppError("payload_too_large", 413));
  let reason = "no secret";
  for (const by of secrets) {
    try {
      return {
        event: verifyWebhook(payload, ctx.get("Stripe-Signature") || undefined, by.secret, deps.clock.now()),
        by,
      };
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      reason = error.message;
    }
  }
  deps.logger.warn({ reason }, "refused a Stripe webhook");
  ctx.status = 400;
  ctx.body = { error: { code: "webhook_refused" } };
  return null;
}

/**
 * POST /api/v1/payments/stripe/webhook: Stripe's events, read as raw bytes (the signature covers them exactly),
 * verified (signature, 300 s tolerance: verifyWebhook), then handled once each (handleStripeEvent). A refused
 * event is a 400, which Stripe shows in its dashboard; a failure while handling it a 500, which Stripe retries.
 * POST …/webhook/{accountId}: the same for an account's own Stripe account, verified with the webhook secret
 * the account stored for either mode, and handled with its keys.
 */
export function stripeWebhook(): ApiMiddleware {
  return async (ctx, next) => {
    const account = ACCOUNT_PATH.exec(ctx.path);
    if (ctx.path !== STRIPE_WEBHOOK_PATH && !account) return next();
    if (ctx.method !== "POST") {
      ctx.status = 405;
      ctx.set("Allow", "POST");
      return;
    }
    const { deps } = ctx;
    const scope = { db: deps.db, clock: deps.clock, deps };
    if (account) {
      const accountId = account[1]!;
      const secrets = await accountWebhookSecrets(scope, accountId);
      if (!secrets.length) return notFound(ctx);
      const found = await verified(ctx, secrets);
      if (!found) return;
      const outcome = await handleAccountStripeEvent(scope, accountId, found.by.mode, found.event);
      if (outcome === "processed") await followStripeEvent(deps, found.event);
      ctx.status = 200;
      ctx.body = { received: true, outcome };
      return;
    }
    const secret = deps.config.stripe.webhookSecret;
    if (!secret) return notFound(ctx);
    const found = await verified(ctx, [{ secret }]);
    if (!found) return;
    const outcome = await handleStripeEvent(paymentContextOf(scope), found.event);
    if (outcome === "processed") await followStripeEvent(deps, found.event);
    ctx.status = 200;
    ctx.body = { received: true, outcome };
  };
}
