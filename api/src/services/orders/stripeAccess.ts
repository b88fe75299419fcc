import type Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import { createStripeClient } from "../../payments/stripeClient.ts";

const clients = new WeakMap<StripeConfig, Stripe>();

/** The process's Stripe client for this configuration (one per configuration: it keeps its connections). */
export function stripeFor(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    client = createStripeClient(config);
    clients.set(config, client);
  }
  return client;
}

/** Stripe refused the request itself (a declined card, an invalid request): asking again gives the same answer. */
export function isFinalStripeRefusal(error: unknown): error is Stripe.errors.StripeError {
  const type = (error as { type?: unknown } | null)?.type;
  return type === "StripeCardError" || type === "StripeInvalidRequestError";
}
