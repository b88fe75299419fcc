import { personName } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { Invoice } from "../../models/Invoice.ts";
import type { Order } from "../../models/Order.ts";
import { OrderItem } from "../../models/OrderItem.ts";
import { Payment } from "../../models/Payment.ts";
import { Refund } from "../../models/Refund.ts";
import { ticketCaptions } from "./guestOrders.ts";

/*
 * An order as its page shows it (issue 14 item 7): its items with their tickets' captions, the coupons it used,
 * its payments, refunds, invoice and credit notes, what happened to it and when, and what may be done with it now.
 */

export const ORDER_ACTIONS = ["pay", "confirm", "await", "refund", "cancel"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export type TimelineKind =
  | "created"
  | "payment_started"
  | "payment_succeeded"
  | "payment_failed"
  | "awaiting_payment"
  | "confirmed"
  | "cancelled"
  | "refund"
  | "invoice";

export interface TimelineEntry {
  at: Date;
  kind: TimelineKind;
  amountCents: number | null;
  detail: string | null;
}

export interface OrderView {
  order: Order;
  /** The buyer, as the guest list names them, and their email. */
  orderedBy: string | null;
  buyerEmail: string | null;
  items: { item: OrderItem; caption: string; holderName: string | null }[];
  coupons: { couponId: string; code: string; amountCents: number }[];
  payments: Payment[];
  refunds: Refund[];
  invoices: Invoice[];
  /** Whether the caller may act on it (edits the event). */
  canAct: boolean;
}

/** What the order's status allows: a cart is paid, awaits or is dropped; an unpaid order is confirmed or dropped. */
export function orderActions(order: Pick<Order, "status">): OrderAction[] {
  switch (order.status) {
    case "in_cart":
      return ["pay", "await", "cancel"];
    case "awaiting_payment":
      return ["confirm", "cancel"];
    case "completed":
    case "partially_refunded":
      return ["refund"];
    default:
      return [];
  }
}

/** What was given back, pending refunds included (their units and amount are taken already). */
export const refundedCentsOf = (refunds: readonly Refund[]) =>
  refunds.filter((refund) => refund.status !== "failed").reduce((sum, refund) => sum + refund.amountCents, 0);

export async function orderView(db: Knex, order: Order, canAct: boolean): Promise<OrderView> {
  const [items, coupons, payments, refunds, invoices] = await Promise.all([
    OrderItem.query(db).where({ orderId: order.id }).orderBy("createdAt").orderBy("id"),
    db("orderCoupons as oc")
      .join("coupons as c", "c.id", "oc.couponId")
      .where("oc.orderId", order.id)
      .orderBy("c.code")
      .select("oc.couponId", "c.code", "oc.amountCents") as Promise<
      { couponId: string; code: string; amountCents: number }[]
    >,
    Payment.query(db).where({ orderId: order.id }).orderBy("createdAt").orderBy("id"),
    Refund.query(db).where({ orderId: order.id }).orderBy("createdAt").orderBy("id"),
    Invoice.query(db).where({ orderId: order.id }).orderBy("issuedAt").orderBy("sequence"),
  ]);
  // The buyer and the holders in one read.
  const guestIds = [
    ...new Set([order.guestId, ...items.map((item) => item.holderGuestId)].filter((id) => id !== null)),
  ];
  const [people, captions] = await Promise.all([
    guestIds.length
      ? (db("guests").whereIn("id", guestIds).select("id", "firstName", "lastName", "email") as Promise<
          { id: string; firstName: string | null; lastName: string | null; email: string | null }[]
        >)
      : Promise.resolve([]),
    ticketCaptions(
      db,
      items.map((item) => item.ticketId),
    ),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const nameOf = (id: string | null) => {
    const person = id ? byId.get(id) : undefined;
    return person ? personName(person.firstName, person.lastName) : null;
  };
  return {
    order,
    orderedBy: nameOf(order.guestId),
    buyerEmail: (order.guestId ? byId.get(order.guestId)?.email : null) ?? null,
    items: items.map((item) => ({
      item,
      caption: captions.get(item.ticketId) ?? "",
      holderName: nameOf(item.holderGuestId),
    })),
    coupons: coupons.map((coupon) => ({ ...coupon, amountCents: Number(coupon.amountCents) })),
    payments,
    refunds,
    invoices,
    canAct,
  };
}

/** What happened to the order, oldest first: from its own rows (payments, refunds, documents), never guessed. */
export function orderTimeline(view: OrderView): TimelineEntry[] {
  const { order } = view;
  const entries: TimelineEntry[] = [
    { at: order.createdAt, kind: "created", amountCents: order.totalInclTaxCents, detail: null },
  ];
  for (const payment of view.payments) {
    entries.push({ at: payment.createdAt, kind: "payment_started", amountCents: payment.amountCents, detail: null });
    if (payment.status === "succeeded")
      entries.push({
        at: payment.updatedAt,
        kind: "payment_succeeded",
        amountCents: payment.capturedCents,
        detail: null,
      });
    if (payment.status === "failed")
      entries.push({ at: payment.updatedAt, kind: "payment_failed", amountCents: null, detail: payment.failureCode });
  }
  if (order.status === "awaiting_payment")
    entries.push({ at: order.orderedAt, kind: "awaiting_payment", amountCents: null, detail: order.paymentMethod });
  if (order.status !== "in_cart" && order.status !== "awaiting_payment" && order.status !== "cancelled") {
    const paidByCard = view.payments.some((payment) => payment.status === "succeeded");
    if (!paidByCard)
      entries.push({ at: order.orderedAt, kind: "confirmed", amountCents: null, detail: order.paymentMethod });
  }
  for (const refund of view.refunds)
    entries.push({ at: refund.createdAt, kind: "refund", amountCents: refund.amountCents, detail: refund.status });
  for (const invoice of view.invoices)
    entries.push({
      at: invoice.issuedAt,
      kind: "invoice",
      amountCents: invoice.totalInclTaxCents,
      detail: invoice.number,
    });
  if (order.status === "cancelled")
    entries.push({ at: order.updatedAt, kind: "cancelled", amountCents: null, detail: null });
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}
