import type { EventAuditAction, ValidationIssue } from "@tessera/shared";
import { compactSiret, isValidSiret } from "@tessera/shared/rules/siret";
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
import { orderView, type OrderView } from "./orderView.ts";
import { confirmCardPayment, payOrder, type PaymentContext, type PayOutcome } from "./payment.ts";
import { addLivePlaces, unitsOfOrder } from "./places.ts";
import { placeOrder } from "./placeOrder.ts";
import { refundOrder } from "./refunds.ts";
import { lockOrder, placesStillFree } from "./settle.ts";

/*
 * The organizer's orders (spec §4 actions, §7 `orders`): anyone who sees the event reads them; editors and up
 * (events.update) act on them. Every order is found within the event, itself found within the caller's account
 * (another account's order is a 404). Each action is recorded in the event's history with the order's reference.
 * Completing an order or refunding it queues its invoice or credit note (orderDocuments.ts).
 */

export const paymentContextOf = (scope: Scope): PaymentContext => ({
  db: scope.db,
  stripe: scope.deps.config.stripe,
  now: () => scope.clock.now(),
});

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

interface BillingInput {
  name?: string;
  address?: string;
  zip?: string;
  city?: string;
  isCompany?: boolean;
  siret?: string | null;
}

/** The billing columns a body changes, a company's SIRET checked (spec §5: SIRET before billing info). */
function billingPatch(order: Order, input: BillingInput): Partial<Order> {
  const isCompany = input.isCompany ?? order.isCompany ?? false;
  const siret = input.siret !== undefined ? input.siret : order.siret;
  const issues: ValidationIssue[] = [];
  if (isCompany && !isValidSiret(compactSiret(siret ?? ""))) issues.push({ field: "siret", code: "siret_invalid" });
  if (issues.length) throw AppError.invalid(issues);
  const patch: Partial<Order> = { isCompany, siret: isCompany ? compactSiret(siret ?? "") : null };
  if (input.name !== undefined) patch.billingName = input.name.trim();
  if (input.address !== undefined) patch.address = input.address.trim() || null;
  if (input.zip !== undefined) patch.zip = input.zip.trim() || null;
  if (input.city !== undefined) patch.city = input.city.trim() || null;
  return patch;
}

/** The organizer's "create order" for a guest of the event: completed when paid, else awaiting its payment. */
export async function createOrder(scope: Scope, key: EventKey, body: OrderCreate): Promise<OrderView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const guest = await findGuest(scope.db, event.id, body.guestId).catch(() => {
    throw AppError.invalid([{ field: "guestId", code: "invalid_value" }]);
  });
  const now = scope.clock.now();
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
    now,
    body.paymentMethod,
  );
  await scope.db.transaction(async (trx) => {
    if (body.paid && order.totalInclTaxCents > 0) await recordOfflinePayment(trx, order);
    await recordOrderAudit(trx, scope, event, order, "order.created", {
      status: order.status,
      paymentMethod: order.paymentMethod,
      totalInclTaxCents: order.totalInclTaxCents,
    });
  });
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
export async function updateOrder(scope: Scope, key: EventKey, orderId: string, body: OrderUpdate): Promise<OrderView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  await scope.db.transaction(async (trx) => {
    const order = await lockOrder(trx, event.id, orderId);
    const patch: Partial<Order> = billingPatch(order, body);
    if (body.email !== undefined) patch.email = body.email;
    if (body.phone !== undefined) patch.phone = body.phone;
    const before = Object.fromEntries(Object.keys(patch).map((field) => [field, order[field as keyof Order] ?? null]));
    await Order.query(trx).findById(order.id).patch(patch);
    await recordOrderAudit(trx as unknown as Knex, scope, event, order, "order.updated", patch, before);
  });
  return orderView(scope.db, await findOrder(scope.db, event.id, orderId), true);
}

/** An order awaiting its payment is paid (spec §3 order confirmation): completed, its invoice queued. */
export async function confirmOrder(
  scope: Scope,
  key: EventKey,
  orderId: string,
  body: OrderConfirm,
): Promise<OrderView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  await scope.db.transaction(async (trx) => {
    const order = await lockOrder(trx, event.id, orderId);
    if (order.status !== "awaiting_payment") throw new AppError("order_action_not_allowed", 409);
    await Order.query(trx)
      .findById(order.id)
      .patch({ ...billingPatch(order, body), status: "completed" });
    if (order.totalInclTaxCents > 0) await recordOfflinePayment(trx as unknown as Knex, order);
    await recordOrderAudit(trx as unknown as Knex, scope, event, order, "order.confirmed", {
      paymentMethod: order.paymentMethod,
    });
  });
  await queueOrderDocuments(scope.deps, orderId);
  return orderView(scope.db, await findOrder(scope.db, event.id, orderId), true);
}

/** A cart placed awaiting an offline payment: its places become held by the order until confirmed or cancelled. */
export async function awaitOrder(scope: Scope, key: EventKey, orderId: string, body: OrderAwait): Promise<OrderView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  await scope.db.transaction(async (trx) => {
    const order = await lockOrder(trx, event.id, orderId);
    if (order.status !== "in_cart") throw new AppError("order_action_not_allowed", 409);
    const now = scope.clock.now();
    const holdRuns = order.holdExpiresAt !== null && order.holdExpiresAt.getTime() > now.getTime();
    if (!holdRuns && !(await placesStillFree(trx, order, now))) throw new AppError("ticket_unavailable", 409);
    await addLivePlaces(trx, await unitsOfOrder(trx as unknown as Knex, order.id), 1);
    await Order.query(trx)
      .findById(order.id)
      .patch({ status: "awaiting_payment", paymentMethod: body.paymentMethod, holdExpiresAt: null, orderedAt: now });
    await recordOrderAudit(trx as unknown as Knex, scope, event, order, "order.awaiting", {
      paymentMethod: body.paymentMethod,
    });
  });
  return orderView(scope.db, await findOrder(scope.db, event.id, orderId), true);
}

/** An unpaid order dropped: the places an awaiting order held are given back; a cart's hold simply ends. */
export async function cancelOrder(scope: Scope, key: EventKey, orderId: string): Promise<OrderView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  await scope.db.transaction(async (trx) => {
    const order = await lockOrder(trx, event.id, orderId);
    if (order.status !== "in_cart" && order.status !== "awaiting_payment")
      throw new AppError("order_action_not_allowed", 409);
    const paying = await Payment.query(trx)
      .where({ orderId: order.id })
      .whereIn("status", ["pending", "requires_action"])
      .first();
    // A card payment under way may still succeed: its webhook would find the order cancelled and refund it, but
    // the buyer is better served by waiting for its answer.
    if (paying) throw new AppError("order_action_not_allowed", 409);
    if (order.status === "awaiting_payment")
      await addLivePlaces(trx, await unitsOfOrder(trx as unknown as Knex, order.id), -1);
    await Order.query(trx).findById(order.id).patch({ status: "cancelled", holdExpiresAt: null });
    await recordOrderAudit(trx as unknown as Knex, scope, event, order, "order.cancelled", { status: "cancelled" });
  });
  return orderView(scope.db, await findOrder(scope.db, event.id, orderId), true);
}

/** A refund, whole or by items, its credit note queued once the money went back. */
export async function refundOrderFor(
  scope: Scope,
  key: EventKey,
  orderId: string,
  body: OrderRefundBody,
): Promise<OrderView> {
  const { event, order } = await editableOrder(scope, key, orderId);
  const refund = await refundOrder(
    paymentContextOf(scope),
    event.id,
    order.id,
    body.items,
    scope.actor?.kind === "user" ? scope.actor.id : null,
  );
  await scope.db.transaction(async (trx) => {
    await recordOrderAudit(trx, scope, event, order, "order.refunded", {
      amountCents: refund.amountCents,
      status: refund.status,
      items: refund.items,
    });
  });
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
  const context = paymentContextOf(scope);
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
