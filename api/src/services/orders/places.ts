import { LIVE_ORDER_STATUSES } from "@tessera/shared";
import { isPostgres, lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { namedStatement } from "../../db/namedStatements.ts";
import { Ticket } from "../../models/Ticket.ts";

/*
 * Places: what a ticket's max quantity, an option's quota and the event's max attendees count. A place is
 * taken by a unit of a live order (completed, awaiting payment, partially refunded) not refunded — counted in
 * `tickets.live_places`, which every change of a live order's units adjusts in the same transaction — and by a
 * unit of a cart whose hold has not expired, read from the few carts holding places now. Counting happens inside
 * the transaction that then writes, after `lockTickets`: on PostgreSQL the ticket rows (and the event row when it
 * caps attendees) are locked in one order, so two buyers of one ticket take turns between count and write; SQLite
 * runs one writing transaction at a time. An expired hold needs no clean-up to free its places.
 */

/**
 * Rows joined to `orders` whose order takes places at `now` (its event's, except `exceptOrderId`: an order
 * checked again for itself).
 */
export function takingPlaces<Q extends Knex.QueryBuilder>(
  query: Q,
  eventId: string,
  now: Date,
  exceptOrderId: string | null = null,
): Q {
  return query
    .where("orders.eventId", eventId)
    .modify((q) => {
      if (exceptOrderId) void q.whereNot("orders.id", exceptOrderId);
    })
    .where((q) =>
      q
        .whereIn("orders.status", [...LIVE_ORDER_STATUSES])
        .orWhere((cart) =>
          cart.where("orders.status", "in_cart").where("orders.holdExpiresAt", ">", now.toISOString()),
        ),
    ) as Q;
}

/** Items of the carts holding places at `now` (by the index on status and hold end: few rows whatever the sales). */
function heldCartItems(db: Knex, eventId: string, now: Date, exceptOrderId: string | null) {
  return db("orders")
    .join("orderItems", "orderItems.orderId", "orders.id")
    .where("orders.status", "in_cart")
    .where("orders.holdExpiresAt", ">", now.toISOString())
    .where("orders.eventId", eventId)
    .modify((q) => {
      if (exceptOrderId) void q.whereNot("orders.id", exceptOrderId);
    });
}

/**
 * Locks the tickets (by id, so two callers never wait on each other in a cycle), and the event's row first when
 * it caps its attendees. Returns the event's tickets among `ticketIds`, as locked (their live places current).
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

/** Places taken per ticket at `now`: its live places (as read with `tickets`) and the units of held carts. */
export async function placesTaken(
  db: Knex,
  eventId: string,
  tickets: ReadonlyMap<string, Pick<Ticket, "id" | "livePlaces">>,
  now: Date,
  exceptOrderId: string | null = null,
): Promise<Map<string, number>> {
  const taken = new Map([...tickets.values()].map((ticket) => [ticket.id, ticket.livePlaces]));
  if (!taken.size) return taken;
  // No condition on the items' ticket: the items are then reached by their order (the index on order_id).
  const rows = (await heldCartItems(db, eventId, now, exceptOrderId)
    .groupBy("orderItems.ticketId")
    .select("orderItems.ticketId", db.raw("sum(??) as places", ["orderItems.quantity"]))) as {
    ticketId: string;
    places: number | string;
  }[];
  for (const row of rows) {
    if (taken.has(row.ticketId)) taken.set(row.ticketId, taken.get(row.ticketId)! + Number(row.places));
  }
  return taken;
}

/** What checkPlaces counts, read in one statement (placesAndHoldings). */
export interface PlacesAndHoldings {
  /** Places taken per ticket of `tickets`, as placesTaken counts them. */
  taken: Map<string, number>;
  /** `ticketId|holderGuestId` of the tickets `holders` hold already in orders taking places. */
  held: Set<string>;
  /** The event's attendees, as attendeesTaken counts them; null when not asked. */
  attendees: number | null;
}

/**
 * In one statement: the places taken per ticket (placesTaken), the tickets `holders` already hold in orders
 * taking places (live ones not refunded, held carts), and the event's attendees when `withAttendees`
 * (attendeesTaken). Read after the tickets are locked, as each of them.
 */
export async function placesAndHoldings(
  db: Knex,
  eventId: string,
  tickets: ReadonlyMap<string, Pick<Ticket, "id" | "livePlaces">>,
  holders: readonly string[],
  now: Date,
  exceptOrderId: string | null,
  withAttendees: boolean,
): Promise<PlacesAndHoldings> {
  const taken = new Map([...tickets.values()].map((ticket) => [ticket.id, ticket.livePlaces]));
  const parts: Knex.QueryBuilder[] = [];
  // Each part: kind, ticket, holder, places (the kinds written in the text: a bound value has no type in a union).
  if (holders.length) {
    parts.push(
      takingPlaces(db("orderItems").join("orders", "orders.id", "orderItems.orderId"), eventId, now, exceptOrderId)
        .whereIn("orderItems.holderGuestId", [...new Set(holders)])
        .whereRaw("?? > ??", ["orderItems.quantity", "orderItems.refundedQuantity"])
        .select(db.raw("'held' as kind"), "orderItems.ticketId", "orderItems.holderGuestId", db.raw("0 as places")),
    );
  }
  if (taken.size) {
    // No condition on the items' ticket: the items are then reached by their order (the index on order_id).
    parts.push(
      heldCartItems(db, eventId, now, exceptOrderId)
        .groupBy("orderItems.ticketId")
        .select(
          db.raw("'cart' as kind"),
          "orderItems.ticketId",
          db.raw("null as holder_guest_id"),
          db.raw("sum(??) as places", ["orderItems.quantity"]),
        ),
    );
  }
  if (withAttendees) {
    parts.push(
      db("tickets")
        .where({ eventId, isOption: false })
        .select(
          db.raw("'attendees' as kind"),
          db.raw("null as ticket_id"),
          db.raw("null as holder_guest_id"),
          db.raw("coalesce(sum(??), 0) as places", ["livePlaces"]),
        ),
      heldCartItems(db, eventId, now, exceptOrderId)
        .join("tickets", "tickets.id", "orderItems.ticketId")
        .where("tickets.isOption", false)
        .select(
          db.raw("'attendees' as kind"),
          db.raw("null as ticket_id"),
          db.raw("null as holder_guest_id"),
          db.raw("coalesce(sum(??), 0) as places", ["orderItems.quantity"]),
        ),
    );
  }
  const result: PlacesAndHoldings = { taken, held: new Set(), attendees: withAttendees ? 0 : null };
  if (!parts.length) return result;
  const [first, ...rest] = parts;
  const rows = (await (rest.length ? first!.unionAll(rest) : first!)) as {
    kind: "held" | "cart" | "attendees";
    ticketId: string | null;
    holderGuestId: string | null;
    places: number | string | null;
  }[];
  for (const row of rows) {
    if (row.kind === "held") result.held.add(`${row.ticketId}|${row.holderGuestId}`);
    else if (row.kind === "attendees") result.attendees! += Number(row.places ?? 0);
    else if (taken.has(row.ticketId!)) taken.set(row.ticketId!, taken.get(row.ticketId!)! + Number(row.places));
  }
  return result;
}

/** Attendees of the event at `now`: the places taken by tickets that are not options. */
export async function attendeesTaken(
  db: Knex,
  eventId: string,
  now: Date,
  exceptOrderId: string | null = null,
): Promise<number> {
  const live = (await db("tickets")
    .where({ eventId, isOption: false })
    .first(db.raw("coalesce(sum(??), 0) as places", ["livePlaces"]))) as { places: number | string } | undefined;
  const held = (await heldCartItems(db, eventId, now, exceptOrderId)
    .join("tickets", "tickets.id", "orderItems.ticketId")
    .where("tickets.isOption", false)
    .first(db.raw("coalesce(sum(??), 0) as places", ["orderItems.quantity"]))) as
    { places: number | string } | undefined;
  return Number(live?.places ?? 0) + Number(held?.places ?? 0);
}

/** Units per ticket of an order's items not refunded: what it adds to live places when it goes live. */
export async function unitsOfOrder(db: Knex, orderId: string): Promise<Map<string, number>> {
  const rows = (await db("orderItems")
    .where({ orderId })
    .groupBy("ticketId")
    .select("ticketId", db.raw("sum(?? - ??) as units", ["quantity", "refundedQuantity"]))) as {
    ticketId: string;
    units: number | string;
  }[];
  return new Map(rows.map((row) => [row.ticketId, Number(row.units)]));
}

/** Adds `sign` × units to the tickets' live places, in the caller's transaction (the tickets locked or not). */
export async function addLivePlaces(trx: Knex | Knex.Transaction, units: ReadonlyMap<string, number>, sign: 1 | -1) {
  for (const [ticketId, count] of [...units].sort(([a], [b]) => a.localeCompare(b))) {
    if (count !== 0)
      await trx("tickets")
        .where({ id: ticketId })
        .increment("livePlaces", sign * count);
  }
}

/**
 * Adds `sign` × the order's units not refunded to its tickets' live places (a cart becoming an order, or given
 * back). An order of one ticket, the common case, in one statement; otherwise its units are read and its tickets'
 * rows updated in the order of their ids, as everyone locks them (no deadlock between two orders of two tickets).
 */
export async function addOrderLivePlaces(trx: Knex.Transaction, orderId: string, sign: 1 | -1): Promise<void> {
  const db = trx as unknown as Knex;
  const itemsOf = () => db("orderItems").where({ orderId });
  const updated = (await namedStatement(
    db,
    trx("tickets")
      .whereIn("id", itemsOf().select("ticketId"))
      .whereRaw("(?) = 1", [itemsOf().countDistinct("ticketId")])
      .update({
        livePlaces: db.raw("?? + ? * (?)", [
          "livePlaces",
          sign,
          itemsOf()
            .where("ticketId", db.ref("tickets.id"))
            .select(db.raw("coalesce(sum(?? - ??), 0)", ["quantity", "refundedQuantity"])),
        ]),
      }),
  )) as number;
  if (updated === 0) await addLivePlaces(trx, await unitsOfOrder(db, orderId), sign);
}

/**
 * Every ticket of the event's live places counted again from its orders: for orders written without the
 * pipeline (the demo's, tests' fixtures), and to check the counters.
 */
export async function recountLivePlaces(db: Knex, eventId: string): Promise<void> {
  const rows = (await db("orderItems")
    .join("orders", "orders.id", "orderItems.orderId")
    .where("orders.eventId", eventId)
    .whereIn("orders.status", [...LIVE_ORDER_STATUSES])
    .groupBy("orderItems.ticketId")
    .select(
      "orderItems.ticketId",
      db.raw("sum(?? - ??) as units", ["orderItems.quantity", "orderItems.refundedQuantity"]),
    )) as {
    ticketId: string;
    units: number | string;
  }[];
  await db("tickets").where({ eventId }).update({ livePlaces: 0 });
  for (const row of rows)
    await db("tickets")
      .where({ id: row.ticketId })
      .update({ livePlaces: Number(row.units) });
}
