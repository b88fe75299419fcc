import { isPostgres, lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { namedStatement } from "../../db/namedStatements.ts";
import { AppError } from "../../errors.ts";
import { Event } from "../../models/Event.ts";
import { Order } from "../../models/Order.ts";
import { OrderItem } from "../../models/OrderItem.ts";
import { Payment, type PaymentStatus } from "../../models/Payment.ts";
import { Refund } from "../../models/Refund.ts";
import { TicketingParams } from "../../models/TicketingParams.ts";
import { addOrderLivePlaces, lockTickets } from "./places.ts";
import { checkItems } from "./placeOrder.ts";

/** An order row locked for the rest of the transaction (PostgreSQL; SQLite has one writer). */
export async function lockOrder(trx: Knex.Transaction, eventId: string, orderId: string): Promise<Order> {
  const order = await lockForUpdate(trx as unknown as Knex, Order.query(trx).findOne({ id: orderId, eventId }));
  if (!order) throw AppError.notFound();
  return order;
}

/**
 * Sets `patch` on the row `id` of `table` and its updatedAt, as a model's patch would (dates written as ISO
 * text), in one plain statement: for the order pipeline's hot path.
 */
export async function patchRow(
  trx: Knex.Transaction,
  table: "orders" | "payments",
  id: string,
  patch: Record<string, unknown>,
): Promise<void> {
  await patchStatement(trx, table, id, patch);
}

/** patchRow's statement, not yet run (to be part of another). */
export function patchStatement(
  trx: Knex.Transaction,
  table: "orders" | "payments",
  id: string,
  patch: Record<string, unknown>,
): Knex.QueryBuilder {
  return trx(table).where({ id }).update(patchValues(patch));
}

/** A patch's columns as written: its updatedAt set, dates as ISO text. */
function patchValues(patch: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { ...patch, updatedAt: new Date() };
  for (const [key, value] of Object.entries(row)) if (value instanceof Date) row[key] = value.toISOString();
  return row;
}

/** The ticket office's state and payment methods, as a payment checks them. */
export type PaymentParams = Pick<TicketingParams, "ticketOffice" | "paymentMethods">;

/**
 * lockOrder, with the event's ticketing parameters read by the same statement (null when it has none).
 */
export async function lockOrderWithParams(
  trx: Knex.Transaction,
  eventId: string,
  orderId: string,
): Promise<{ order: Order; params: PaymentParams | null }> {
  const db = trx as unknown as Knex;
  const query = trx("orders")
    .leftJoin("ticketingParams as params", "params.eventId", "orders.eventId")
    .where({ "orders.id": orderId, "orders.eventId": eventId })
    .first(
      "orders.*",
      "params.ticketOffice as paramsTicketOffice",
      "params.paymentMethods as paramsPaymentMethods",
      "params.eventId as paramsEventId",
    );
  const row = (await (isPostgres(db) ? namedStatement(db, query.forUpdate("orders")) : query)) as
    Record<string, unknown> | undefined;
  if (!row) throw AppError.notFound();
  const { paramsTicketOffice, paramsPaymentMethods, paramsEventId, ...columns } = row;
  const params =
    paramsEventId === null || paramsEventId === undefined
      ? null
      : TicketingParams.fromDatabaseJson({ ticketOffice: paramsTicketOffice, paymentMethods: paramsPaymentMethods });
  return { order: Order.fromDatabaseJson(columns), params };
}

/**
 * Whether an order's own items still find their places at `now`, counting every other order (its hold expired,
 * or it was cancelled meanwhile). Locks its tickets first.
 */
export async function placesStillFree(trx: Knex.Transaction, order: Order, now: Date): Promise<boolean> {
  const event = await Event.query(trx).findById(order.eventId);
  const items = await OrderItem.query(trx).where({ orderId: order.id });
  const tickets = await lockTickets(
    trx,
    order.eventId,
    items.map((item) => item.ticketId),
    event!.maxAttendees !== null,
  );
  try {
    await checkItems(
      trx as unknown as Knex,
      event!,
      tickets,
      {
        guestId: order.guestId ?? "",
        byOrganizer: true,
        items: items.map((item) => ({
          ticketId: item.ticketId,
          quantity: item.quantity,
          holderGuestId: item.holderGuestId,
        })),
      },
      now,
      order.id,
    );
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return false;
    throw error;
  }
}

/** Whether the cart still has its places at `now`: its hold still runs, or they are still free (placesStillFree). */
export async function cartKeepsPlaces(trx: Knex.Transaction, order: Order, now: Date): Promise<boolean> {
  const holdRuns =
    order.status === "in_cart" && order.holdExpiresAt !== null && order.holdExpiresAt.getTime() > now.getTime();
  return holdRuns || placesStillFree(trx, order, now);
}

/** The order's units counted in its tickets' places taken (a cart becoming an order), or given back (-1). */
export async function countOrderPlaces(trx: Knex.Transaction, orderId: string, sign: 1 | -1): Promise<void> {
  await addOrderLivePlaces(trx, orderId, sign);
}

export type Settlement = { outcome: "completed" } | { outcome: "refunding"; refundId: string };

/**
 * A card payment Stripe reports as succeeded, settled once whoever reports it first (the buyer's request, the
 * webhook, a recovery). The order completes when its hold still runs or its places are still free; otherwise
 * (pretix's "money loss" case) it is cancelled and a refund of everything is written, to be sent to Stripe
 * after the commit: never a paid order without a place.
 */
export async function settleCardPayment(
  trx: Knex.Transaction,
  paymentId: string,
  intent: { id: string; amountReceived: number },
  now: Date,
): Promise<Settlement | null> {
  // The payment and its order locked by one statement (the payment's row first, then the order's).
  const db = trx as unknown as Knex;
  const row = (await namedStatement(
    db,
    lockForUpdate(
      db,
      trx("payments")
        .join("orders", "orders.id", "payments.orderId")
        .where("payments.id", paymentId)
        .first("orders.*", "payments.status as paymentStatus"),
    ),
  )) as (Record<string, unknown> & { paymentStatus: PaymentStatus }) | undefined;
  if (!row) return null;
  const { paymentStatus, ...columns } = row;
  const order = Order.fromDatabaseJson(columns);
  const payment = { id: paymentId, status: paymentStatus };
  if (payment.status === "succeeded") {
    const refund = await Refund.query(trx).findOne({ paymentId, reason: "late_payment" });
    return refund ? { outcome: "refunding", refundId: refund.id } : { outcome: "completed" };
  }
  const paid = { status: "succeeded", intentId: intent.id, capturedCents: intent.amountReceived };
  const unplaced = order.status === "in_cart" || order.status === "cancelled";
  // An order waiting for its payment keeps its places; one already paid by another payment gets this one back.
  if (order.status === "awaiting_payment" || (unplaced && (await cartKeepsPlaces(trx, order, now)))) {
    const completed = { status: "completed", paymentMethod: "card", holdExpiresAt: null, orderedAt: now };
    // The payment's and the order's rows (both locked above): on PostgreSQL in one statement.
    if (isPostgres(db)) {
      await namedStatement(
        db,
        trx
          .with("paid", patchStatement(trx, "payments", payment.id, paid))
          .table("orders")
          .where({ id: order.id })
          .update(patchValues(completed)),
      );
    } else {
      await patchRow(trx, "payments", payment.id, paid);
      await patchRow(trx, "orders", order.id, completed);
    }
    // Last: the tickets' rows, which every buyer of them waits for, stay locked only until the commit.
    if (unplaced) await countOrderPlaces(trx, order.id, 1);
    return { outcome: "completed" };
  }
  await patchRow(trx, "payments", payment.id, paid);
  const items = await OrderItem.query(trx).where({ orderId: order.id });
  const refund = await Refund.query(trx).insertAndFetch({
    orderId: order.id,
    paymentId: payment.id,
    status: "pending",
    reason: "late_payment",
    amountCents: intent.amountReceived,
    // Nothing of a cancelled or already paid order is refunded item by item: the whole payment goes back.
    items: unplaced ? items.map((item) => ({ itemId: item.id, quantity: item.quantity })) : [],
    providerRefundId: null,
    createdBy: null,
  });
  await Payment.query(trx).findById(payment.id).patch({ refundedCents: intent.amountReceived });
  if (order.status === "in_cart") {
    await Order.query(trx).findById(order.id).patch({ status: "cancelled", holdExpiresAt: null });
  }
  return { outcome: "refunding", refundId: refund.id };
}
