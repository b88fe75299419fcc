import type { StripeConfig } from "../../config.ts";
import type { Order } from "../../models/Order.ts";
import type { AppDeps } from "../scope.ts";
import { recoverPayments } from "./payment.ts";
import { recoverRefunds } from "./refundSending.ts";
import { stripeConfigFor } from "./stripeKeys.ts";

type SweepDeps = Pick<AppDeps, "db" | "clock" | "logger" | "config">;

/** How often card payments and refunds a crash or a lost answer left open are settled. */
export const PAYMENT_SWEEP_MS = 60_000;

/**
 * One pass: every card payment still pending after a minute (a crash or a lost answer between Stripe and our
 * commit) asks Stripe again with its own Idempotency-Key, and every pending refund is sent again with its own,
 * so neither is ever made twice; each with the Stripe keys its order was paid with (its account's for its
 * mode, else the server's). Returns how many payments and refunds were settled.
 */
export async function settleOpenPayments(deps: SweepDeps, olderThanMs = 60_000): Promise<number> {
  const context = { db: deps.db, stripe: deps.config.stripe, now: () => deps.clock.now() };
  const stripeOf = (order: Order): Promise<StripeConfig> =>
    stripeConfigFor({ deps, db: deps.db, clock: deps.clock }, order.accountId, order.mode);
  const payments = await recoverPayments(context, olderThanMs, stripeOf);
  const refunds = await recoverRefunds(context, stripeOf);
  return payments + refunds;
}

/** The pass at once and every minute. Returns the stop function. */
export function watchOpenPayments(deps: SweepDeps): { firstPass: Promise<number>; stop(): void } {
  const sweep = () =>
    settleOpenPayments(deps).catch((error: unknown) => {
      deps.logger.error({ err: error }, "could not settle the open card payments and refunds");
      return 0;
    });
  const timer = setInterval(() => void sweep(), PAYMENT_SWEEP_MS);
  timer.unref();
  return { firstPass: sweep(), stop: () => clearInterval(timer) };
}
