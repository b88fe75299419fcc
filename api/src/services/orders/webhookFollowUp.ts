import type Stripe from "stripe";
import { Refund } from "../../models/Refund.ts";
import type { AppDeps } from "../scope.ts";
import { queueOrderDocuments } from "./orderDocuments.ts";

/**
 * What follows a Stripe event that changed an order (a card payment that succeeded after the buyer's own request
 * ended, 3-D Secure; a refund Stripe completed later): the order's documents and automatic mails are queued, as
 * every other completion does. Each is issued or sent once whatever queues it (their own claims).
 */
export async function followStripeEvent(deps: Pick<AppDeps, "db" | "jobs" | "logger">, event: Stripe.Event) {
  let orderId: string | undefined;
  if (event.type === "payment_intent.succeeded") orderId = event.data.object.metadata?.orderId;
  else if (event.type === "refund.updated" || event.type === "refund.created") {
    const refundId = event.data.object.metadata?.refundId;
    orderId = refundId ? (await Refund.query(deps.db).findById(refundId))?.orderId : undefined;
  }
  if (orderId) await queueOrderDocuments(deps, orderId);
}
