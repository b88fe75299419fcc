import type { OrderItemJson, OrderRefundBody } from "@/queries/ticketingOrders.ts";
import { wholeNumberIn } from "../prices.ts";

/*
 * The refund modal (spec §4: refund, full or partial by items; §5: a refund or partial refund needs at least one
 * item). A full refund sends no items (the API refunds every unit left); a partial one sends the items chosen
 * with their quantities, each at most what is left of it.
 */

export type RefundMode = "full" | "partial";

export interface RefundValues {
  mode: RefundMode;
  /** By item id: the units to refund, as typed ("" or 0: none). */
  quantities: Record<string, string>;
}

/** The units of an item not refunded yet. */
export const refundableUnits = (item: Pick<OrderItemJson, "quantity" | "refundedQuantity">): number =>
  Math.max(0, item.quantity - item.refundedQuantity);

/** The items that still have a unit to refund. */
export const refundableItems = <T extends Pick<OrderItemJson, "quantity" | "refundedQuantity">>(items: readonly T[]) =>
  items.filter((item) => refundableUnits(item) > 0);

export const emptyRefundValues = (): RefundValues => ({ mode: "full", quantities: {} });

/** A quantity typed: a whole number from 0 to `max`; undefined otherwise. */
export function unitsOf(text: string | undefined, max: number): number | undefined {
  const typed = text ?? "";
  return typed.trim() ? wholeNumberIn(typed, 0, max) : 0;
}

export type RefundProblem = "ticketing.orders.refund.needsItem" | "ticketing.orders.refund.quantityInvalid";

export type RefundCheck =
  { body: OrderRefundBody } | { problem: RefundProblem; /** The item whose quantity is wrong. */ itemId?: string };

/** The body of the refund, or why the form refuses it. */
export function refundBodyOf(values: RefundValues, items: readonly OrderItemJson[]): RefundCheck {
  if (values.mode === "full") {
    return refundableItems(items).length ? { body: {} } : { problem: "ticketing.orders.refund.needsItem" };
  }
  const chosen: { itemId: string; quantity: number }[] = [];
  for (const item of refundableItems(items)) {
    const units = unitsOf(values.quantities[item.id], refundableUnits(item));
    if (units === undefined) return { problem: "ticketing.orders.refund.quantityInvalid", itemId: item.id };
    if (units > 0) chosen.push({ itemId: item.id, quantity: units });
  }
  return chosen.length ? { body: { items: chosen } } : { problem: "ticketing.orders.refund.needsItem" };
}

/** The units a refund would give back (every unit left for a full refund). */
export function unitsRefunded(values: RefundValues, items: readonly OrderItemJson[]): number {
  const check = refundBodyOf(values, items);
  if (!("body" in check)) return 0;
  if (!check.body.items) return refundableItems(items).reduce((sum, item) => sum + refundableUnits(item), 0);
  return check.body.items.reduce((sum, item) => sum + (item.quantity ?? 0), 0);
}
