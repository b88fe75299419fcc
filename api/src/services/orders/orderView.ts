import type { Knex } from "../../db/knex.ts";
import { Invoice } from "../../models/Invoice.ts";
import type { Order } from "../../models/Order.ts";
import { OrderItem } from "../../models/OrderItem.ts";
import { Payment } from "../../models/Payment.ts";
import { Refund } from "../../models/Refund.ts";

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

export const nameOf = (guest: { firstName?: string | null; lastName?: string | null } | undefined) =>
  guest ? [guest.firstName, guest.lastName].filter(Boolean).join(" ") || null : null;

export async function orderView(db: Knex, order: Order, canAct: boolean): Promise<OrderView> {
  const [items, coupons, payments, refunds, invoices, buyer] = await Promise.all([
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
    order.guestId
      ? (db("guests").where({ id: order.guestId }).first("firstName", "lastName", "email") as Promise<
          { firstName: string | null; lastName: string | null; email: string | null } | undefined
        >)
      : Promise.resolve(undefined),
  ]);
  const holderIds = [...new Set(items.flatMap((item) => (item.holderGuestId ? [item.holderGuestId] : [])))];
  const holders = new Map(
    holderIds.length
      ? (
          (await db("guests").whereIn("id", holderIds).select("id", "firstName", "lastName")) as {
            id: string;
            firstName: string | null;
            lastName: string | null;
          }[]
        ).map((guest) => [guest.id, nameOf(guest)])
      : [],
  );
  const ticketIds = [...new Set(items.map((item) => item.ticketId))];
  const captions = new Map(
    ticketIds.length
      ? (
          (await db("tickets").whereIn("id", ticketIds).select("id", "caption")) as { id: string; caption: string }[]
        ).map((row) => [row.id, row.caption])
      : [],
  );
  return {
    order,
    orderedBy: nameOf(buyer),
    buyerEmail: buyer?.email ?? null,
    items: items.map((item) => ({
      item,
      caption: captions.get(item.ticketId) ?? "",
      holderName: item.holderGuestId ? (holders.get(item.holderGuestId) ?? null) : null,
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
