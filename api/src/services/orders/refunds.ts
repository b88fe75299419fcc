import { refundAmounts, type RefundItem } from "@tessera/shared/ticketing/money";
import { lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Order } from "../../models/Order.ts";
import { OrderItem } from "../../models/OrderItem.ts";
import { Payment } from "../../models/Payment.ts";
import { Refund } from "../../models/Refund.ts";
import type { PaymentContext } from "./payment.ts";
import { paidLine } from "../invoicing/issue.ts";
import { addLivePlaces } from "./places.ts";
import { sendRefund } from "./refundSending.ts";
import { statusAfterRefunds } from "./refundStatus.ts";
import { lockOrder } from "./settle.ts";

export interface RefundRequestItem {
  itemId: string;
  /** Absent: every unit of the item not refunded yet. */
  quantity?: number;
}

/**
 * Refunds a paid order, whole or some items (spec §4 refund, §5 a refund needs an item). Under the order's and
 * the payment's locks, the items' refunded units and the payment's refunded amount are taken first, so two
 * refunds at once can never together pass what was bought or captured; Stripe is called after the commit with
 * the refund's id as Idempotency-Key.
 */
export async function refundOrder(
  context: Pick<PaymentContext, "db" | "stripe" | "now">,
  eventId: string,
  orderId: string,
  wanted: RefundRequestItem[] | undefined,
  actorId: string | null,
  /** What goes with the refund, in its transaction (the history's entry). */
  withRefund?: (trx: Knex.Transaction, refund: Refund) => Promise<void>,
): Promise<Refund> {
  if (wanted !== undefined && wanted.length === 0)
    throw AppError.invalid([{ field: "items", code: "at_least_one_item" }]);
  const refund = await context.db.transaction(async (trx) => {
    const order = await lockOrder(trx, eventId, orderId);
    if (order.status !== "completed" && order.status !== "partially_refunded") {
      throw new AppError("order_action_not_allowed", 409);
    }
    const items = await OrderItem.query(trx).where({ orderId }).orderBy("id");
    const index = new Map(items.map((item, line) => [item.id, line]));
    const chosen: RefundRequestItem[] =
      wanted ?? items.filter((item) => item.quantity > item.refundedQuantity).map((item) => ({ itemId: item.id }));
    const asked: RefundItem[] = chosen.map((item, position) => {
      const line = index.get(item.itemId);
      if (line === undefined) throw AppError.invalid([{ field: `items.${position}.itemId`, code: "invalid_value" }]);
      return item.quantity === undefined ? { line } : { line, quantity: item.quantity };
    });
    let amounts;
    try {
      amounts = refundAmounts(
        items.map((item) => ({ ...paidLine(item), refundedQuantity: item.refundedQuantity })),
        asked,
      );
    } catch (error) {
      if (error instanceof RangeError) throw AppError.invalid([{ field: "items", code: "refund_more_than_left" }]);
      throw error;
    }
    const refunded = amounts.lines.filter((line) => line.quantity > 0);
    if (!refunded.length) throw AppError.invalid([{ field: "items", code: "refund_more_than_left" }]);
    const payment = await lockForUpdate(
      trx as unknown as Knex,
      Payment.query(trx).where({ orderId, status: "succeeded" }).orderBy("createdAt", "desc").first(),
    );
    if (payment && payment.refundedCents + amounts.includingCents > payment.capturedCents) {
      throw AppError.invalid([{ field: "items", code: "refund_more_than_left" }]);
    }
    const units = new Map<string, number>();
    for (const line of refunded) {
      const item = items[line.line]!;
      await OrderItem.query(trx).findById(item.id).increment("refundedQuantity", line.quantity);
      units.set(item.ticketId, (units.get(item.ticketId) ?? 0) + line.quantity);
    }
    await addLivePlaces(trx, units, -1);
    if (payment) await Payment.query(trx).findById(payment.id).increment("refundedCents", amounts.includingCents);
    await Order.query(trx)
      .findById(orderId)
      .patch({ status: await statusAfterRefunds(trx, orderId) });
    const written = await Refund.query(trx).insertAndFetch({
      orderId,
      paymentId: payment?.id ?? null,
      status: "pending",
      reason: "organizer",
      amountCents: amounts.includingCents,
      items: refunded.map((line) => ({ itemId: items[line.line]!.id, quantity: line.quantity })),
      providerRefundId: null,
      createdBy: actorId,
    });
    await withRefund?.(trx, written);
    return written;
  });
  return sendRefund(context, refund.id);
}
