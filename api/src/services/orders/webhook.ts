import type Stripe from "stripe";
import { isUniqueViolation } from "../../db/dialect.ts";
import { Payment } from "../../models/Payment.ts";
import { Refund } from "../../models/Refund.ts";
import type { PaymentContext } from "./payment.ts";
import { sendRefund } from "./refundSending.ts";
import { settleCardPayment, type Settlement } from "./settle.ts";

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

/**
 * An event Stripe posted, already verified (signature and age: verifyWebhook). Its id is inserted into
 * stripe_events in the same transaction as what it changes, so a replayed or resent event changes nothing, and
 * an event whose processing failed (rolled back) is processed when Stripe sends it again.
 */
export async function handleStripeEvent(context: PaymentContext, event: Stripe.Event): Promise<WebhookOutcome> {
  let settlement: Settlement | null = null;
  let outcome: WebhookOutcome = "ignored";
  try {
    await context.db.transaction(async (trx) => {
      await trx("stripeEvents").insert({ id: event.id, type: event.type, receivedAt: context.now().toISOString() });
      if (event.type === "payment_intent.succeeded") {
        const intent = event.data.object;
        const paymentId = intent.metadata?.paymentId;
        if (!paymentId) return;
        settlement = await settleCardPayment(
          trx,
          paymentId,
          { id: intent.id, amountReceived: intent.amount_received },
          context.now(),
        );
        outcome = "processed";
      } else if (event.type === "payment_intent.payment_failed") {
        const intent = event.data.object;
        const paymentId = intent.metadata?.paymentId;
        if (!paymentId) return;
        await Payment.query(trx)
          .patch({
            status: "failed",
            intentId: intent.id,
            failureCode: intent.last_payment_error?.decline_code ?? "declined",
          })
          .where({ id: paymentId })
          .whereIn("status", ["pending", "requires_action"]);
        outcome = "processed";
      } else if (event.type === "refund.updated" || event.type === "refund.created") {
        const refund = event.data.object;
        const refundId = refund.metadata?.refundId;
        if (!refundId || refund.status !== "succeeded") return;
        await Refund.query(trx)
          .patch({ status: "succeeded", providerRefundId: refund.id })
          .where({ id: refundId, status: "pending" });
        outcome = "processed";
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
  const settled = settlement as Settlement | null;
  if (settled?.outcome === "refunding") await sendRefund(context, settled.refundId).catch(() => undefined);
  return outcome;
}
