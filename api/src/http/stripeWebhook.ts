import { AppError } from "../errors.ts";
import { readLimited } from "../net/readLimited.ts";
import { verifyWebhook, WebhookVerificationError } from "../payments/stripeClient.ts";
import { paymentContextOf } from "../services/orders/payment.ts";
import { handleStripeEvent } from "../services/orders/webhook.ts";
import type { ApiMiddleware } from "./context.ts";

/** Where Stripe posts its events (the endpoint configured in its dashboard). */
export const STRIPE_WEBHOOK_PATH = "/api/v1/payments/stripe/webhook";
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * POST /api/v1/payments/stripe/webhook: Stripe's events, read as raw bytes (the signature covers them exactly),
 * verified (signature, 300 s tolerance: verifyWebhook), then handled once each (handleStripeEvent). A refused
 * event is a 400, which Stripe shows in its dashboard; a failure while handling it a 500, which Stripe retries.
 */
export function stripeWebhook(): ApiMiddleware {
  return async (ctx, next) => {
    if (ctx.path !== STRIPE_WEBHOOK_PATH) return next();
    if (ctx.method !== "POST") {
      ctx.status = 405;
      ctx.set("Allow", "POST");
      return;
    }
    const { deps } = ctx;
    const secret = deps.config.stripe.webhookSecret;
    if (!secret) {
      ctx.status = 404;
      ctx.body = { error: { code: "not_found" } };
      return;
    }
    const payload = await readLimited(ctx.req, WEBHOOK_BODY_LIMIT_BYTES, () => new AppError("payload_too_large", 413));
    let event;
    try {
      event = verifyWebhook(payload, ctx.get("Stripe-Signature") || undefined, secret, deps.clock.now());
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      deps.logger.warn({ reason: error.message }, "refused a Stripe webhook");
      ctx.status = 400;
      ctx.body = { error: { code: "webhook_refused" } };
      return;
    }
    const outcome = await handleStripeEvent(paymentContextOf({ db: deps.db, clock: deps.clock, deps }), event);
    ctx.status = 200;
    ctx.body = { received: true, outcome };
  };
}
