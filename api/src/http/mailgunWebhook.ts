import { AppError } from "../errors.ts";
import { readLimited } from "../net/readLimited.ts";
import { receiveMailgunEvent } from "../services/mailErrors/mailgun.ts";
import type { ApiMiddleware } from "./context.ts";

/** Where Mailgun posts its events (the webhook URL set in its control panel for failed, delivered, complained). */
export const MAILGUN_WEBHOOK_PATH = "/api/v1/webhooks/mail/mailgun";
const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * POST /api/v1/webhooks/mail/mailgun: one Mailgun event (JSON), verified and applied by receiveMailgunEvent.
 * Accepted: 200. A wrong or missing signature, a stale timestamp, no signing key configured: 401. A token seen
 * before: 406, which Mailgun takes as "do not retry" (a retry of a call already applied changes nothing either).
 */
export function mailgunWebhook(): ApiMiddleware {
  return async (ctx, next) => {
    if (ctx.path !== MAILGUN_WEBHOOK_PATH) return next();
    if (ctx.method !== "POST") {
      ctx.status = 405;
      ctx.set("Allow", "POST");
      return;
    }
    const { deps } = ctx;
    const raw = await readLimited(ctx.req, WEBHOOK_BODY_LIMIT_BYTES, () => new AppError("payload_too_large", 413));
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      body = null;
    }
    const outcome = await receiveMailgunEvent(
      {
        db: deps.db,
        clock: deps.clock,
        signingKey: deps.config.inboundMail.mailgunSigningKey,
        bounceDomain: deps.config.inboundMail.bounceDomain,
      },
      body,
    );
    if (!outcome.accepted) {
      deps.logger.warn({ refusal: outcome.refusal }, "refused a Mailgun webhook");
      ctx.status = outcome.refusal === "replayed" ? 406 : 401;
      ctx.body = { error: { code: "webhook_refused" } };
      return;
    }
    ctx.status = 200;
    ctx.body = { received: true, applied: outcome.result?.applied ?? false };
  };
}
