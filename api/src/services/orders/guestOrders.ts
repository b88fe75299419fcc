import { LIVE_ORDER_STATUSES } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { Order } from "../../models/Order.ts";
import { OrderItem } from "../../models/OrderItem.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { findGuest } from "../guests/write.ts";
import type { Scope } from "../scope.ts";

/** One held ticket as read: the item, its ticket's caption and its order's status, date and buyer. */
export interface HeldTicketRow {
  item: OrderItem;
  caption: string;
  order: Pick<Order, "id" | "status" | "orderedAt" | "guestId" | "currency">;
}

/** An order with its items, each with its ticket's caption. */
export interface OrderWithItems {
  order: Order;
  items: { item: OrderItem; caption: string }[];
}

/** The captions of these tickets, by id, in one read. */
export async function ticketCaptions(db: Knex, ticketIds: readonly string[]): Promise<Map<string, string>> {
  if (!ticketIds.length) return new Map();
  const rows: { id: string; caption: string }[] = await db("tickets")
    .select("id", "caption")
    .whereIn("id", [...new Set(ticketIds)]);
  return new Map(rows.map((row) => [row.id, row.caption]));
}

/**
 * The tickets `guestId` holds in the event: items they hold in live orders (completed, awaiting
 * payment, partially refunded) with something left once refunds are taken off. Newest order first.
 * Three queries whatever the number of tickets.
 */
export async function listHeldTickets(db: Knex, eventId: string, guestId: string): Promise<HeldTicketRow[]> {
  const items = await OrderItem.query(db)
    .where({ holderGuestId: guestId })
    .whereRaw("?? > ??", ["quantity", "refundedQuantity"])
    .whereIn(
      "orderId",
      db("orders")
        .select("id")
        .where({ eventId })
        .whereIn("status", [...LIVE_ORDER_STATUSES]),
    );
  if (!items.length) return [];
  const [orders, names] = await Promise.all([
    Order.query(db).whereIn("id", [...new Set(items.map((item) => item.orderId))]),
    ticketCaptions(
      db,
      items.map((item) => item.ticketId),
    ),
  ]);
  const byId = new Map(orders.map((order) => [order.id, order]));
  return items
    .map((item) => ({ item, caption: names.get(item.ticketId) ?? "", order: byId.get(item.orderId)! }))
    .sort(
      (a, b) =>
        b.order.orderedAt.getTime() - a.order.orderedAt.getTime() ||
        a.order.id.localeCompare(b.order.id) ||
        a.item.createdAt.getTime() - b.item.createdAt.getTime() ||
        a.item.id.localeCompare(b.item.id),
    );
}

/** The orders `guestId` placed in the event, any status, newest first, with their items. */
export async function listPlacedOrders(db: Knex, eventId: string, guestId: string): Promise<OrderWithItems[]> {
  const orders = await Order.query(db).where({ eventId, guestId }).orderBy("orderedAt", "desc").orderBy("id");
  if (!orders.length) return [];
  const items = await OrderItem.query(db)
    .whereIn(
      "orderId",
      orders.map((order) => order.id),
    )
    .orderBy("createdAt")
    .orderBy("id");
  const names = await ticketCaptions(
    db,
    items.map((item) => item.ticketId),
  );
  const byOrder = new Map<string, OrderWithItems["items"]>(orders.map((order) => [order.id, []]));
  for (const item of items) byOrder.get(item.orderId)!.push({ item, caption: names.get(item.ticketId) ?? "" });
  return orders.map((order) => ({ order, items: byOrder.get(order.id)! }));
}

/** The guest of an event the actor sees (404 otherwise, and for a guest of another event). */
async function readableGuest(scope: Scope, key: EventKey, guestId: string) {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return findGuest(scope.db, event.id, guestId);
}

/** The tickets a guest of an event the actor sees holds (see listHeldTickets). */
export async function listGuestTickets(scope: Scope, key: EventKey, guestId: string): Promise<HeldTicketRow[]> {
  const guest = await readableGuest(scope, key, guestId);
  return listHeldTickets(scope.db, guest.eventId, guest.id);
}

/** The orders a guest of an event the actor sees placed (see listPlacedOrders). */
export async function listGuestOrders(scope: Scope, key: EventKey, guestId: string): Promise<OrderWithItems[]> {
  const guest = await readableGuest(scope, key, guestId);
  return listPlacedOrders(scope.db, guest.eventId, guest.id);
}
