import type { CartRequest, PlacedCartJson } from "@tessera/shared/schemas/ticketOffice";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Order } from "../../models/Order.ts";
import { placeOrder } from "../orders/placeOrder.ts";
import { countOrderPlaces } from "../orders/settle.ts";
import type { Scope } from "../scope.ts";
import { officeState, wantedItems } from "./office.ts";
import { orderSecret } from "./orderSecret.ts";

/*
 * The cart a guest buys with their registration (sendForm's `order`): placed in the registration's own
 * transaction, so a cart refused (a ticket gone, a coupon refused, the office closed) leaves nothing of the
 * registration either. The cart holds its places (CART_HOLD_MINUTES) until paid from its payment step; a cart
 * costing nothing is completed at once ("free"), as the organizer's orders are.
 */

export async function placeRegistrationCart(
  scope: Scope,
  trx: Knex.Transaction,
  event: Pick<Event, "id" | "accountId" | "maxAttendees">,
  guest: { id: string; email: string | null },
  cart: CartRequest,
): Promise<Order> {
  const db = trx as unknown as Knex;
  const now = scope.clock.now();
  if (!(await officeState(db, event.id, now)).open) throw new AppError("ticket_office_closed", 409);
  const { order } = await placeOrder(
    db,
    event,
    {
      guestId: guest.id,
      items: wantedItems(cart, guest.id),
      coupons: cart.coupons ?? [],
      byOrganizer: false,
      email: guest.email,
      language: scope.language,
    },
    "in_cart",
    now,
    null,
    async (orderTrx, placed) => {
      if (placed.totalInclTaxCents !== 0) return;
      await countOrderPlaces(orderTrx, placed.id, 1);
      await Order.query(orderTrx)
        .findById(placed.id)
        .patch({ status: "completed", paymentMethod: "free", holdExpiresAt: null });
    },
  );
  return Order.query(db).findById(order.id).throwIfNotFound();
}

/** The cart as the registration answers it: with its secret, the payment step's key. */
export function placedCartJson(serverSecret: string, order: Order): PlacedCartJson {
  return {
    id: order.id,
    secret: orderSecret(serverSecret, order.id),
    reference: order.reference,
    status: order.status,
    totalInclTaxCents: order.totalInclTaxCents,
    holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
  };
}
