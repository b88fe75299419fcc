import type Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import { createStripeClient } from "../../payments/stripeClient.ts";

const clients = new Map<string, Stripe>();

/**
 * The process's Stripe client for this API address and secret key (one per pair, whatever object carries them:
 * an account's keys build a configuration per request; the client keeps its connections).
 */
export function stripeFor(config: StripeConfig): Stripe {
  const key = `${config.apiUrl ?? ""} ${config.secretKey ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = createStripeClient(config);
    clients.set(key, client);
  }
  return client;
}

/** Stripe refused the request itself (a declined card, an invalid request): asking again gives the same answer. */
export function isFinalStripeRefusal(error: unknown): error is Stripe.errors.StripeError {
  const type = (error as { type?: unknown } | null)?.type;
  return type === "StripeCardError" || type === "StripeInvalidRequestError";
}
