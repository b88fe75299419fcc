/**
 * Order vocabulary of spec §3/§4, shared by the API and the web.
 *
 * Order status (spec §4: completed, awaiting payment, refunded, partially refunded, cancelled, in cart):
 *   completed           paid (or confirmed by the organizer); its tickets are live
 *   awaiting_payment    placed, payment not received yet (transfer, cheque …); its tickets are live
 *   partially_refunded  some items refunded (`refunded_quantity`); the rest stay live
 *   refunded            every item refunded; nothing is live
 *   cancelled           given up before payment; nothing is live
 *   in_cart             not placed yet (a cart); nothing is live
 * Actions of spec §4 (pay, confirm, await, refund) come with ticketing's own APIs.
 */
export const ORDER_STATUSES = [
  "completed",
  "awaiting_payment",
  "refunded",
  "partially_refunded",
  "cancelled",
  "in_cart",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Statuses whose items are tickets a guest holds (minus what was refunded). A guest holding such a
 * ticket, or who placed such an order, cannot be deleted.
 */
export const LIVE_ORDER_STATUSES = [
  "completed",
  "awaiting_payment",
  "partially_refunded",
] as const satisfies readonly OrderStatus[];

/** Statuses of an order that was paid (whatever was refunded since): it has an invoice. */
export const PAID_ORDER_STATUSES = [
  "completed",
  "partially_refunded",
  "refunded",
] as const satisfies readonly OrderStatus[];

/** The characters of an order's reference (8 of them): no 0/O, 1/I to misread over the phone. */
export const ORDER_REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function isLiveOrderStatus(status: OrderStatus): boolean {
  return (LIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** How an order was (or is to be) paid. */
/** `desk`: paid at the event's desk. */
export const PAYMENT_METHODS = ["card", "transfer", "desk", "cheque", "cash", "free", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DEFAULT_CURRENCY = "EUR";
