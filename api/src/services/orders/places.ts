import { LIVE_ORDER_STATUSES } from "@tessera/shared";
import { isPostgres, lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { Ticket } from "../../models/Ticket.ts";

/*
 * Places: what a ticket's max quantity, an option's quota and the event's max attendees count. A place is
 * taken by an item of a live order (completed, awaiting payment, partially refunded: its units not refunded)
 * and by an item of a cart whose hold has not expired. Counting happens inside the transaction that then
 * writes the order, after `lockTickets`: on PostgreSQL the ticket rows (and the event row when it caps
 * attendees) are locked in one order, so two buyers of one ticket take turns between count and insert; SQLite
 * runs one writing transaction at a time. An expired hold needs no clean-up to free its places.
 */

/** Orders whose items take places at `now`, except `exceptOrderId` (an order checked again for itself). */
export function placeTakingOrders(db: Knex, eventId: string, now: Date, exceptOrderId: string | null = null) {
  return db("orders")
    .select("id")
    .where({ eventId })
    .modify((q) => {
      if (exceptOrderId) void q.whereNot({ id: exceptOrderId });
    })
    .where((q) =>
      q
        .whereIn("status", [...LIVE_ORDER_STATUSES])
        .orWhere((cart) => cart.where({ status: "in_cart" }).where("holdExpiresAt", ">", now.toISOString())),
    );
}

/**
 * Locks the tickets (by id, so two callers never wait on each other in a cycle), and the event's row first when
 * it caps its attendees. Returns the event's tickets among `ticketIds`.
 */
export async function lockTickets(
  trx: Knex.Transaction,
  eventId: string,
  ticketIds: readonly string[],
  capsAttendees: boolean,
): Promise<Map<string, Ticket>> {
  const db = trx as unknown as Knex;
  if (capsAttendees && isPostgres(db)) await trx("events").where({ id: eventId }).forUpdate().first("id");
  const ids = [...new Set(ticketIds)].sort();
  const tickets = ids.length
    ? await lockForUpdate(db, Ticket.query(trx).where({ eventId }).whereIn("id", ids).orderBy("id"))
    : [];
  return new Map(tickets.map((ticket) => [ticket.id, ticket]));
}

/** Places taken per ticket among `ticketIds`, at `now` (0 for a ticket nobody holds). */
export async function placesTaken(
  db: Knex,
  eventId: string,
  ticketIds: readonly string[],
  now: Date,
  exceptOrderId: string | null = null,
): Promise<Map<string, number>> {
  const taken = new Map(ticketIds.map((id) => [id, 0]));
  if (!ticketIds.length) return taken;
  const rows = (await db("orderItems")
    .whereIn("ticketId", [...new Set(ticketIds)])
    .whereIn("orderId", placeTakingOrders(db, eventId, now, exceptOrderId))
    .groupBy("ticketId")
    .select("ticketId", db.raw("sum(?? - ??) as places", ["quantity", "refundedQuantity"]))) as {
    ticketId: string;
    places: number | string;
  }[];
  for (const row of rows) taken.set(row.ticketId, Number(row.places));
  return taken;
}

/** Attendees of the event at `now`: the places taken by tickets that are not options. */
export async function attendeesTaken(
  db: Knex,
  eventId: string,
  now: Date,
  exceptOrderId: string | null = null,
): Promise<number> {
  const row = (await db("orderItems")
    .join("tickets", "tickets.id", "orderItems.ticketId")
    .where("tickets.isOption", false)
    .whereIn("orderItems.orderId", placeTakingOrders(db, eventId, now, exceptOrderId))
    .first(db.raw("coalesce(sum(?? - ??), 0) as places", ["orderItems.quantity", "orderItems.refundedQuantity"]))) as
    { places: number | string } | undefined;
  return Number(row?.places ?? 0);
}
