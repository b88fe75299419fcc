import type { StripeConfig } from "../../config.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Order } from "../../models/Order.ts";
import { OrderItem } from "../../models/OrderItem.ts";
import { Payment } from "../../models/Payment.ts";
import { Refund } from "../../models/Refund.ts";
import type { PaymentContext } from "./payment.ts";
import { isFinalStripeRefusal, stripeFor } from "./stripeAccess.ts";
import { addLivePlaces } from "./places.ts";
import { statusAfterRefunds } from "./refundStatus.ts";

/**
 * Gives a refund Stripe refused back: its items and amount are no longer counted as refunded, and the order's
 * status follows. A refund whose answer was lost stays pending, to be sent again with the same key.
 */
async function undoRefund(db: Knex, refund: Refund): Promise<void> {
  await db.transaction(async (trx) => {
    const current = await Refund.query(trx).findById(refund.id);
    if (current?.status !== "pending") return;
    await Refund.query(trx).findById(refund.id).patch({ status: "failed" });
    if (refund.paymentId) {
      await Payment.query(trx).findById(refund.paymentId).decrement("refundedCents", refund.amountCents);
    }
    if (refund.reason === "late_payment") return;
    const units = new Map<string, number>();
    for (const refunded of refund.items) {
      const item = await OrderItem.query(trx).findById(refunded.itemId);
      if (!item) continue;
      await OrderItem.query(trx).findById(item.id).decrement("refundedQuantity", refunded.quantity);
      units.set(item.ticketId, (units.get(item.ticketId) ?? 0) + refunded.quantity);
    }
    await addLivePlaces(trx, units, 1);
    const order = await Order.query(trx).findById(refund.orderId);
    if (order)
      await Order.query(trx)
        .findById(order.id)
        .patch({ status: await statusAfterRefunds(trx, order.id) });
  });
}

/**
 * Sends a pending refund to Stripe with its id as the Idempotency-Key (a second send finds the same refund),
 * and records Stripe's answer. A refund of a payment made off Stripe (transfer, desk) is the organizer's to pay
 * back: it is recorded as done.
 */
export async function sendRefund(context: Pick<PaymentContext, "db" | "stripe">, refundId: string): Promise<Refund> {
  const refund = await Refund.query(context.db).findById(refundId);
  if (!refund) throw AppError.notFound();
  if (refund.status !== "pending") return refund;
  const payment = refund.paymentId ? await Payment.query(context.db).findById(refund.paymentId) : undefined;
  if (!payment || payment.provider !== "stripe" || refund.amountCents === 0) {
    return Refund.query(context.db).patchAndFetchById(refund.id, { status: "succeeded" });
  }
  try {
    const sent = await stripeFor(context.stripe).refunds.create(
      { payment_intent: payment.intentId!, amount: refund.amountCents, metadata: { refundId: refund.id } },
      { idempotencyKey: `refund-${refund.id}` },
    );
    return await Refund.query(context.db).patchAndFetchById(refund.id, {
      status: sent.status === "failed" ? "failed" : "succeeded",
      providerRefundId: sent.id,
    });
  } catch (error) {
    if (isFinalStripeRefusal(error)) {
      await undoRefund(context.db, refund);
      throw new AppError("refund_failed", 502);
    }
    throw new AppError("refund_failed", 502);
  }
}

/** Refunds left pending by a crash or a lost answer, sent again (same keys: never twice). */
export async function recoverRefunds(
  base: Pick<PaymentContext, "db" | "stripe">,
  /** The keys a refund's order was paid with (its account's for its mode); the context's when not given. */
  stripeOf?: (order: Order) => Promise<StripeConfig>,
): Promise<number> {
  const pending = await Refund.query(base.db).where({ status: "pending" });
  let sent = 0;
  for (const refund of pending) {
    const order = stripeOf ? await Order.query(base.db).findById(refund.orderId) : undefined;
    const context = order && stripeOf ? { ...base, stripe: await stripeOf(order) } : base;
    await sendRefund(context, refund.id).then(
      () => (sent += 1),
      () => undefined,
    );
  }
  return sent;
}
