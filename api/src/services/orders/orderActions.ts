import type { EventAuditAction } from "@tessera/shared";
import type {
  OrderAwait,
  OrderConfirm,
  OrderCreate,
  OrderPay,
  OrderRefundBody,
  OrderUpdate,
} from "@tessera/shared/schemas/ticketingOrders";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Order } from "../../models/Order.ts";
import { Payment } from "../../models/Payment.ts";
import { canOnEvent } from "../../policies/events.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { findGuest } from "../guests/write.ts";
import type { Scope } from "../scope.ts";
import { queueOrderDocuments } from "./orderDocuments.ts";
import { billingColumns } from "./billing.ts";
import { orderActions, orderView, type OrderAction, type OrderView } from "./orderView.ts";
import { accountPaymentContext } from "./stripeKeys.ts";
import { confirmCardPayment, payOrder, type PayOutcome } from "./payment.ts";
import { placeOrder } from "./placeOrder.ts";
import { refundOrder } from "./refunds.ts";
import { cartKeepsPlaces, countOrderPlaces, lockOrder } from "./settle.ts";

/*
 * The organizer's orders (spec §4 actions, §7 `orders`): anyone who sees the event reads them; editors and up
 * (events.update) act on them. Every order is found within the event, itself found within the caller's account
 * (another account's order is a 404). Each action is recorded in the event's history with the order's reference.
 * Completing an order or refunding it queues its invoice or credit note (orderDocuments.ts).
 */

async function findOrder(db: Knex, eventId: string, orderId: string): Promise<Order> {
  const order = await Order.query(db).findOne({ id: orderId, eventId });
  if (!order) throw AppError.notFound();
  return order;
}

export async function getOrder(scope: Scope, key: EventKey, orderId: string): Promise<OrderView> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const canAct = canOnEvent(scope.actor, "update", event, ties);
  return orderView(scope.db, await findOrder(scope.db, event.id, orderId), canAct);
}

async function recordOrderAudit(
  trx: Knex,
  scope: Scope,
  event: Pick<Event, "id" | "accountId">,
  order: Pick<Order, "id" | "reference">,
  action: Extract<EventAuditAction, `order.${string}`>,
  after: Record<string, unknown> | null = null,
  before: Record<string, unknown> | null = null,
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    subjectType: "order",
    subjectId: order.id,
    accountId: event.accountId,
    eventId: event.id,
    before,
    after,
    metadata: { subject: order.reference ?? order.id.slice(0, 8) },
  });
}

/** The event an editor acts on, and the order within it. */
async function editableOrder(scope: Scope, key: EventKey, orderId: string) {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  return { event, order: await findOrder(scope.db, event.id, orderId) };
}

/**
 * An editor's action on an order: the order locked, the action checked against what its status allows (the same
 * list its page offers: orderActions; null for an edit any status takes), then `act` in the same transaction.
 * Answers the order as it is after.
 */
async function actOnOrder(
  scope: Scope,
  key: EventKey,
  orderId: string,
  action: OrderAction | null,
  act: (trx: Knex.Transaction, order: Order, event: Event) => Promise<void>,
): Promise<OrderView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  await scope.db.transaction(async (trx) => {
    const order = await lockOrder(trx, event.id, orderId);
    if (action && !orderActions(order).includes(action)) throw new AppError("order_action_not_allowed", 409);
    await act(trx, order, event);
  });
  return orderView(scope.db, await findOrder(scope.db, event.id, orderId), true);
}

/** The organizer's "create order" for a guest of the event: completed when paid, else awaiting its payment. */
export async function createOrder(scope: Scope, key: EventKey, body: OrderCreate): Promise<OrderView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const guest = await findGuest(scope.db, event.id, body.guestId).catch(() => {
    throw AppError.invalid([{ field: "guestId", code: "invalid_value" }]);
  });
  const { order } = await placeOrder(
    scope.db,
    event,
    {
      guestId: guest.id,
      items: body.items.map((item) => ({ ...item, holderGuestId: item.holderGuestId ?? null })),
      coupons: body.coupons ?? [],
      byOrganizer: true,
      email: guest.email ?? null,
      language: guest.language ?? null,
    },
    body.paid ? "completed" : "awaiting_payment",
    scope.clock.now(),
    body.paymentMethod,
    // With the order, in its transaction: the payment received and the history's entry.
    async (trx, placed) => {
      if (body.paid && placed.totalInclTaxCents > 0) await recordOfflinePayment(trx, placed);
      await recordOrderAudit(trx, scope, event, placed, "order.created", {
        status: placed.status,
        paymentMethod: placed.paymentMethod,
        totalInclTaxCents: placed.totalInclTaxCents,
      });
    },
  );
  if (order.status === "completed") await queueOrderDocuments(scope.deps, order.id);
  return orderView(scope.db, await findOrder(scope.db, event.id, order.id), true);
}

/** A payment received off Stripe (transfer, desk, cheque, cash): what a refund then gives back at most. */
async function recordOfflinePayment(trx: Knex, order: Pick<Order, "id" | "mode" | "totalInclTaxCents">) {
  await Payment.query(trx).insert({
    orderId: order.id,
    provider: "offline",
    mode: order.mode,
    status: "succeeded",
    intentId: null,
    providerMethodId: null,
    amountCents: order.totalInclTaxCents,
    capturedCents: order.totalInclTaxCents,
    refundedCents: 0,
    failureCode: null,
  });
}

/** POST orders/{id}: the billing address and contact corrected. */
export function updateOrder(scope: Scope, key: EventKey, orderId: string, body: OrderUpdate): Promise<OrderView> {
  return actOnOrder(scope, key, orderId, null, async (trx, order, event) => {
    const patch: Partial<Order> = billingColumns(order, body);
    if (body.email !== undefined) patch.email = body.email;
    if (body.phone !== undefined) patch.phone = body.phone;
    const before = Object.fromEntries(Object.keys(patch).map((field) => [field, order[field as keyof Order] ?? null]));
    await Order.query(trx).findById(order.id).patch(patch);
    await recordOrderAudit(trx, scope, event, order, "order.updated", patch, before);
  });
}

/** An order awaiting its payment is paid (spec §3 order confirmation): completed, its invoice queued. */
export async function confirmOrder(
  scope: Scope,
  key: EventKey,
  orderId: string,
  body: OrderConfirm,
): Promise<OrderView> {
  const view = await actOnOrder(scope, key, orderId, "confirm", async (trx, order, event) => {
    await Order.query(trx)
      .findById(order.id)
      .patch({ ...billingColumns(order, body), status: "completed" });
    if (order.totalInclTaxCents > 0) await recordOfflinePayment(trx, order);
    await recordOrderAudit(trx, scope, event, order, "order.confirmed", { paymentMethod: order.paymentMethod });
  });
  await queueOrderDocuments(scope.deps, orderId);
  return view;
}

/** A cart placed awaiting an offline payment: its places become held by the order until confirmed or cancelled. */
export function awaitOrder(scope: Scope, key: EventKey, orderId: string, body: OrderAwait): Promise<OrderView> {
  return actOnOrder(scope, key, orderId, "await", async (trx, order, event) => {
    const now = scope.clock.now();
    if (!(await cartKeepsPlaces(trx, order, now))) throw new AppError("ticket_unavailable", 409);
    await countOrderPlaces(trx, order.id, 1);
    await Order.query(trx)
      .findById(order.id)
      .patch({ status: "awaiting_payment", paymentMethod: body.paymentMethod, holdExpiresAt: null, orderedAt: now });
    await recordOrderAudit(trx, scope, event, order, "order.awaiting", { paymentMethod: body.paymentMethod });
  });
}

/** An unpaid order dropped: the places an awaiting order held are given back; a cart's hold simply ends. */
export function cancelOrder(scope: Scope, key: EventKey, orderId: string): Promise<OrderView> {
  return actOnOrder(scope, key, orderId, "cancel", async (trx, order, event) => {
    const paying = await Payment.query(trx)
      .where({ orderId: order.id })
      .whereIn("status", ["pending", "requires_action"])
      .first();
    // A card payment under way may still succeed: its webhook would find the order cancelled and refund it, but
    // the buyer is better served by waiting for its answer.
    if (paying) throw new AppError("order_action_not_allowed", 409);
    if (order.status === "awaiting_payment") await countOrderPlaces(trx, order.id, -1);
    await Order.query(trx).findById(order.id).patch({ status: "cancelled", holdExpiresAt: null });
    await recordOrderAudit(trx, scope, event, order, "order.cancelled", { status: "cancelled" });
  });
}

/** A refund, whole or by items, recorded in the history with it; its credit note queued once the money went back. */
export async function refundOrderFor(
  scope: Scope,
  key: EventKey,
  orderId: string,
  body: OrderRefundBody,
): Promise<OrderView> {
  const { event, order } = await editableOrder(scope, key, orderId);
  const refund = await refundOrder(
    await accountPaymentContext(scope, event.accountId, order.mode),
    event.id,
    order.id,
    body.items,
    scope.actor?.kind === "user" ? scope.actor.id : null,
    (trx, written) =>
      recordOrderAudit(trx, scope, event, order, "order.refunded", {
        amountCents: written.amountCents,
        items: written.items,
      }),
  );
  if (refund.status === "succeeded") await queueOrderDocuments(scope.deps, order.id);
  return orderView(scope.db, await findOrder(scope.db, event.id, orderId), true);
}

/** Pays a cart (card through Stripe, or awaiting an offline payment), or settles a card after 3-D Secure. */
export async function payOrderFor(
  scope: Scope,
  key: EventKey,
  orderId: string,
  body: OrderPay,
): Promise<{ outcome: PayOutcome; view: OrderView }> {
  const { event, order } = await editableOrder(scope, key, orderId);
  // The keys of the event's account for the mode the order was placed in (the server's when it has none).
  const context = await accountPaymentContext(scope, event.accountId, order.mode);
  const outcome = body.payment_intent_id
    ? await confirmCardPayment(context, event.id, order.id, body.payment_intent_id)
    : await payOrder(context, event.id, order.id, {
        method: body.method ?? "card",
        termsAccepted: body.termsAccepted ?? false,
        billing: {
          name: body.name ?? order.billingName ?? "",
          address: body.address ?? order.address ?? "",
          zip: body.zip ?? order.zip ?? "",
          city: body.city ?? order.city ?? "",
          isCompany: body.isCompany ?? order.isCompany ?? false,
          siret: body.siret ?? order.siret,
        },
        phone: body.phone ?? null,
        paymentMethodId: body.payment_method_id ?? null,
      });
  if (outcome.status === "completed") await queueOrderDocuments(scope.deps, order.id);
  return { outcome, view: await orderView(scope.db, await findOrder(scope.db, event.id, orderId), true) };
}

/** GET orders/{id}/billingaddress. */
export async function billingAddress(scope: Scope, key: EventKey, orderId: string): Promise<Order> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return findOrder(scope.db, event.id, orderId);
}
