import type { OrderAction, OrderDetailJson } from "@/queries/ticketingOrders.ts";
import { refundableItems } from "./refundForm.ts";

/** The actions the order's page offers, in the order of their buttons (paying by card is the buyer's own step). */
export const PAGE_ACTIONS = ["confirm", "await", "refund", "cancel"] as const satisfies readonly OrderAction[];
export type PageAction = (typeof PAGE_ACTIONS)[number];

/**
 * The buttons of the order's page: the actions the API says the order allows now (`actions`), for an actor who
 * may change the event; a refund only while a unit is left to refund.
 */
export function offeredActions(order: Pick<OrderDetailJson, "actions" | "items">, canEdit: boolean): PageAction[] {
  if (!canEdit) return [];
  return PAGE_ACTIONS.filter(
    (action) => order.actions.includes(action) && (action !== "refund" || refundableItems(order.items).length > 0),
  );
}
