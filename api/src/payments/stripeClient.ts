import Stripe from "stripe";
import type { StripeConfig } from "../config.ts";

/** Oldest accepted signature on an event Stripe posts to us, in seconds (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * A Stripe client for one secret key (the configured one by default; later the key of an account's mode).
 * With STRIPE_API_URL set it talks to that address instead of api.stripe.com: the local stand-in in tests
 * and the demo. POST requests carry an Idempotency-Key (ours when given, else one the SDK makes), so its
 * retries on a lost connection, a 409 or a 5xx never charge twice.
 */
export function createStripeClient(config: StripeConfig, secretKey: string | null = config.secretKey): Stripe {
  if (!secretKey) throw new Error("No Stripe secret key: set STRIPE_SECRET_KEY");
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 30_000, telemetry: false };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    const protocol = url.protocol === "http:" ? "http" : "https";
    options.host = url.hostname;
    options.port = url.port || (protocol === "http" ? 80 : 443);
    options.protocol = protocol;
  }
  return new Stripe(secretKey, options);
}

/** Why a posted event was refused (the message stays in our logs, never in an answer). */
export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
}

/**
 * The event Stripe posted, once its Stripe-Signature header proves it: a v1 HMAC-SHA256 of "<t>.<raw body>"
 * with the endpoint's secret, signed at most WEBHOOK_TOLERANCE_SECONDS before `now` (and not more than that
 * after it: a clock that far ahead is refused as well). `payload` is the raw body, exactly as received.
 */
export function verifyWebhook(
  payload: string | Buffer,
  signature: string | string[] | undefined,
  secret: string,
  now: Date = new Date(),
): Stripe.Event {
  if (typeof signature !== "string" || signature === "") {
    throw new WebhookVerificationError("No single Stripe-Signature header");
  }
  const timestamps = signature
    .split(",")
    .map((part) => part.trim().split("="))
    .filter(([key]) => key === "t")
    .map(([, value]) => Number(value));
  if (timestamps.length !== 1 || !Number.isInteger(timestamps[0])) {
    throw new WebhookVerificationError("The Stripe-Signature header has no single timestamp");
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (timestamps[0]! - nowSeconds > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookVerificationError("Timestamp in the future, outside the tolerance zone");
  }
  try {
    return Stripe.webhooks.constructEvent(
      payload,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    throw new WebhookVerificationError(error instanceof Error ? error.message.split("\n")[0]! : String(error));
  }
}
