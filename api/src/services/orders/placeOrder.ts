import { randomInt, randomUUID } from "node:crypto";
import {
  LIVE_ORDER_STATUSES,
  ORDER_REFERENCE_ALPHABET,
  type OrderStatus,
  type PaymentMethod,
  type ValidationIssue,
} from "@tessera/shared";
import type { TicketingMode } from "@tessera/shared/schemas/ticketingBilling";
import { isPostgres } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Order } from "../../models/Order.ts";
import { Ticket } from "../../models/Ticket.ts";
import { addLivePlaces, placesAndHoldings } from "./places.ts";
import {
  lockCoupons,
  lockDiscounts,
  priceOrder,
  type KnownCatalogue,
  type PricedOrder,
  type RunningPrice,
  type WantedItem,
} from "./pricing.ts";

/** How long a cart keeps its places. */
export const CART_HOLD_MINUTES = 15;

/**
 * The control run of the concurrency tests: quotas counted outside the writing transaction, so concurrent
 * buyers can all pass the check before any writes. Never set outside those tests.
 */
export const quotaLocking = { enabled: true };

export interface OrderRequest {
  /** The buyer: a guest of the event. */
  guestId: string;
  items: WantedItem[];
  coupons: string[];
  /** Tickets not on sale may be sold by the organizer, never by a buyer. */
  byOrganizer: boolean;
  email?: string | null;
  language?: string | null;
}

function newReference(): string {
  let text = "";
  for (let i = 0; i < 8; i += 1) text += ORDER_REFERENCE_ALPHABET[randomInt(ORDER_REFERENCE_ALPHABET.length)];
  return text;
}

function mergedItems(items: readonly WantedItem[]): WantedItem[] {
  const byKey = new Map<string, WantedItem>();
  for (const item of items) {
    const key = `${item.ticketId}|${item.holderGuestId ?? ""}`;
    const existing = byKey.get(key);
    byKey.set(key, existing ? { ...existing, quantity: existing.quantity + item.quantity } : { ...item });
  }
  return [...byKey.values()];
}

/** Whether the guest holds a live ticket that is not an option (an option can then be bought alone). */
async function holdsTicket(db: Knex, eventId: string, guestId: string): Promise<boolean> {
  const row = await db("orderItems")
    .join("tickets", "tickets.id", "orderItems.ticketId")
    .where({ "orderItems.holderGuestId": guestId, "tickets.isOption": false })
    .whereRaw("?? > ??", ["orderItems.quantity", "orderItems.refundedQuantity"])
    .whereIn(
      "orderItems.orderId",
      db("orders")
        .select("id")
        .where({ eventId })
        .whereIn("status", [...LIVE_ORDER_STATUSES]),
    )
    .first("orderItems.id");
  return row !== undefined;
}

type ItemsRequest = Pick<OrderRequest, "guestId" | "items" | "byOrganizer">;

/**
 * The rules on an order's items that no other order changes: tickets and holders of this event, a holder with one
 * unit, options not alone, tickets on sale (unless the organizer sells). 422 for a malformed request, 409 for a
 * ticket off sale. Checked before the tickets are locked, to keep the locked part short.
 */
async function validateItems(
  db: Knex,
  event: Pick<Event, "id">,
  tickets: ReadonlyMap<string, Ticket>,
  request: ItemsRequest,
  /** The holders already known to be guests of the event, when they all are (readSale); else they are read. */
  knownGuests: ReadonlySet<string> | null = null,
): Promise<void> {
  const issues: ValidationIssue[] = [];
  if (!request.items.length) issues.push({ field: "items", code: "at_least_one_item" });
  const holders = request.items.map((item) => item.holderGuestId).filter((id): id is string => id !== null);
  const guests =
    knownGuests ??
    new Set(
      holders.length
        ? ((await db("guests").where({ eventId: event.id }).whereIn("id", holders).pluck("id")) as string[])
        : [],
    );
  request.items.forEach((item, index) => {
    if (!tickets.has(item.ticketId)) issues.push({ field: `items.${index}.ticketId`, code: "invalid_value" });
    if (item.holderGuestId !== null && !guests.has(item.holderGuestId))
      issues.push({ field: `items.${index}.holderGuestId`, code: "invalid_value" });
    // A guest holds one of a ticket: several units are bought without holders (a group, a company).
    if (item.holderGuestId !== null && item.quantity > 1)
      issues.push({ field: `items.${index}.quantity`, code: "invalid_value" });
  });
  if (issues.length) throw AppError.invalid(issues);
  const ticketOf = (item: WantedItem) => tickets.get(item.ticketId)!;
  if (request.items.every((item) => ticketOf(item).isOption) && !(await holdsTicket(db, event.id, request.guestId))) {
    throw AppError.invalid([{ field: "items", code: "option_needs_ticket" }]);
  }
  for (const item of request.items) {
    if (!request.byOrganizer && !ticketOf(item).isOnSale) {
      throw new AppError("ticket_unavailable", 409, { details: { ticketId: item.ticketId } });
    }
  }
}

/**
 * The rules other orders change, against the places they take at `now` (the tickets locked): a holder never
 * twice with one ticket, each ticket's max quantity (an option's quota), the event's max attendees. 409. What
 * they count is read in one statement (placesAndHoldings).
 */
async function checkPlaces(
  db: Knex,
  event: Pick<Event, "id" | "maxAttendees">,
  tickets: ReadonlyMap<string, Ticket>,
  request: ItemsRequest,
  now: Date,
  orderId: string | null,
): Promise<void> {
  const wanted = new Map<string, number>();
  for (const item of request.items) wanted.set(item.ticketId, (wanted.get(item.ticketId) ?? 0) + item.quantity);
  const attendees = [...wanted].reduce((sum, [id, quantity]) => sum + (tickets.get(id)!.isOption ? 0 : quantity), 0);
  const counted = await placesAndHoldings(
    db,
    event.id,
    tickets,
    request.items.flatMap((item) => (item.holderGuestId ? [item.holderGuestId] : [])),
    now,
    orderId,
    event.maxAttendees !== null && attendees > 0,
  );
  for (const item of request.items) {
    if (counted.held.has(`${item.ticketId}|${item.holderGuestId}`)) {
      throw new AppError("ticket_already_owned", 409, { details: { ticketId: item.ticketId } });
    }
  }
  for (const [ticketId, quantity] of wanted) {
    const ticket = tickets.get(ticketId)!;
    if (ticket.maxQuantity !== null && counted.taken.get(ticketId)! + quantity > ticket.maxQuantity) {
      throw ticket.isOption
        ? new AppError("option_quota_filled", 409, { details: { ticketId } })
        : new AppError("ticket_unavailable", 409, { details: { ticketId } });
    }
  }
  if (counted.attendees !== null && counted.attendees + attendees > event.maxAttendees!) {
    const first = [...wanted.keys()].find((id) => !tickets.get(id)!.isOption)!;
    throw new AppError("ticket_unavailable", 409, { details: { ticketId: first } });
  }
}

/** Every rule on an order's items (validateItems, then checkPlaces), its tickets already locked. */
export async function checkItems(
  db: Knex,
  event: Pick<Event, "id" | "maxAttendees">,
  tickets: ReadonlyMap<string, Ticket>,
  request: ItemsRequest,
  now: Date,
  orderId: string | null = null,
): Promise<void> {
  await validateItems(db, event, tickets, request);
  await checkPlaces(db, event, tickets, request, now, orderId);
}

function unitsOf(priced: PricedOrder): Map<string, number> {
  const units = new Map<string, number>();
  for (const item of priced.items) units.set(item.ticketId, (units.get(item.ticketId) ?? 0) + item.quantity);
  return units;
}

/**
 * The order's row and its lines: on PostgreSQL in one statement (the order inserted in a WITH), elsewhere one
 * statement each. Then its coupons and discounts, when it took any.
 */
async function writeOrder(trx: Knex.Transaction, order: Order, priced: PricedOrder): Promise<void> {
  const db = trx as unknown as Knex;
  const orderRow = order.$toDatabaseJson();
  const itemRows = itemRowsOf(order.id, priced);
  if (isPostgres(db)) await trx.with("placed", trx("orders").insert(orderRow)).insert(itemRows).into("orderItems");
  else {
    await trx("orders").insert(orderRow);
    await trx("orderItems").insert(itemRows);
  }
  if (priced.coupons.length) {
    await trx("orderCoupons").insert(
      priced.coupons.map(({ coupon, amountCents }) => ({ orderId: order.id, couponId: coupon.id, amountCents })),
    );
  }
  if (priced.discounts.length) {
    await trx("orderDiscounts").insert(
      priced.discounts.map(({ discount, amountCents }) => ({
        orderId: order.id,
        discountId: discount.id,
        amountCents,
      })),
    );
  }
}

function itemRowsOf(orderId: string, priced: PricedOrder) {
  const now = Date.now();
  // One statement for every line; a millisecond apart, so that they read back in the order they were asked.
  return priced.items.map((item, index) => ({
    id: randomUUID(),
    orderId,
    ticketId: item.ticketId,
    holderGuestId: item.holderGuestId,
    quantity: item.quantity,
    unitPriceInclTaxCents: item.unitInclTaxCents,
    unitPriceExclTaxCents: item.unitExclTaxCents,
    taxPercent: item.taxRateBp === null ? null : item.taxRateBp / 100,
    refundedQuantity: 0,
    discountInclTaxCents: item.discountInclTaxCents,
    discountExclTaxCents: item.discountExclTaxCents,
    createdAt: new Date(now + index).toISOString(),
    updatedAt: new Date(now).toISOString(),
  }));
}

/** What an order is placed against, read in one statement: its tickets (locked), prices, mode and holders. */
interface Sale {
  tickets: Map<string, Ticket>;
  catalogue: KnownCatalogue;
  mode: TicketingMode;
  /** The holders, when all of them are guests of the event; else null (validateItems reads which are). */
  guests: Set<string> | null;
}

/**
 * The event's tickets among the items', each with its price running at `now`, the event's ticketing mode,
 * whether every holder is a guest of the event and whether it has active automatic discounts: one statement.
 * With `lock`, the tickets are locked by it as lockTickets locks them (by id; the event's row first when it caps
 * its attendees), and read as locked.
 */
async function readSale(
  db: Knex,
  event: Pick<Event, "id" | "maxAttendees">,
  items: readonly WantedItem[],
  now: Date,
  lock: boolean,
): Promise<Sale> {
  const postgres = isPostgres(db);
  if (lock && postgres && event.maxAttendees !== null)
    await db("events").where({ id: event.id }).forUpdate().first("id");
  const ids = [...new Set(items.map((item) => item.ticketId))].sort();
  const holders = [...new Set(items.flatMap((item) => (item.holderGuestId ? [item.holderGuestId] : [])))];
  const at = now.toISOString();
  const query = db("tickets")
    .leftJoin("ticketPricePeriods as price", (join) =>
      join
        .on("price.ticketId", "tickets.id")
        .andOn("price.startsAt", "<=", db.raw("?", [at]))
        .andOn((ends) => ends.onNull("price.endsAt").orOn("price.endsAt", ">", db.raw("?", [at]))),
    )
    .leftJoin("ticketingParams as params", "params.eventId", "tickets.eventId")
    .where("tickets.eventId", event.id)
    .whereIn("tickets.id", ids)
    .orderBy("tickets.id")
    .select(
      "tickets.*",
      "price.priceInclTaxCents as salePriceInclTaxCents",
      "price.priceExclTaxCents as salePriceExclTaxCents",
      "price.startsAt as salePriceStartsAt",
      "params.mode as saleMode",
      (holders.length
        ? db("guests").where({ eventId: event.id }).whereIn("id", holders).count("*")
        : db.select(db.raw("0"))
      ).as("saleHoldersFound"),
      db("discounts").where({ eventId: event.id, isActive: true }).select(db.raw("1")).limit(1).as("saleHasDiscounts"),
    );
  const rows = (await (lock && postgres ? query.forUpdate("tickets") : query)) as Record<string, unknown>[];
  const tickets = new Map<string, Ticket>();
  const prices = new Map<string, RunningPrice & { startsAt: number }>();
  let mode: TicketingMode = "test";
  let holdersFound = 0;
  let hasActiveDiscounts = false;
  for (const row of rows) {
    const {
      salePriceInclTaxCents,
      salePriceExclTaxCents,
      salePriceStartsAt,
      saleMode,
      saleHoldersFound,
      saleHasDiscounts,
      ...columns
    } = row;
    const id = columns.id as string;
    if (!tickets.has(id)) tickets.set(id, Ticket.fromDatabaseJson(columns));
    if (saleMode) mode = saleMode as TicketingMode;
    holdersFound = Number(saleHoldersFound);
    hasActiveDiscounts = saleHasDiscounts !== null && saleHasDiscounts !== undefined;
    if (salePriceInclTaxCents === null || salePriceInclTaxCents === undefined) continue;
    // The latest period started wins, as runningPrices reads them.
    const startsAt = new Date(salePriceStartsAt as string | Date).getTime();
    if ((prices.get(id)?.startsAt ?? -Infinity) <= startsAt) {
      prices.set(id, {
        priceInclTaxCents: Number(salePriceInclTaxCents),
        priceExclTaxCents: Number(salePriceExclTaxCents),
        startsAt,
      });
    }
  }
  return {
    tickets,
    catalogue: { prices, hasActiveDiscounts },
    mode,
    guests: rows.length && holdersFound === holders.length ? new Set(holders) : null,
  };
}

export interface PlacedOrder {
  order: Order;
  priced: PricedOrder;
}

/**
 * Writes an order in `status` (a held cart, or an order the organizer places), its quotas checked under the
 * tickets' locks in the same transaction as the insert.
 */
export async function placeOrder(
  db: Knex,
  event: Pick<Event, "id" | "accountId" | "maxAttendees">,
  request: OrderRequest,
  status: Extract<OrderStatus, "in_cart" | "awaiting_payment" | "completed">,
  now: Date,
  paymentMethod: PaymentMethod | null = null,
  /** What goes with the order, in its transaction (a payment received, the history's entry). */
  withOrder?: (trx: Knex.Transaction, order: Order) => Promise<void>,
): Promise<PlacedOrder> {
  const items = mergedItems(request.items);
  const full = { ...request, items };
  const prepare = async (reader: Knex, lock: boolean) => {
    const sale = await readSale(reader, event, items, now, lock);
    await validateItems(reader, event, sale.tickets, full, sale.guests);
    const priced = await priceOrder(reader, event.id, sale.tickets, items, request.coupons, now, null, sale.catalogue);
    return { ...sale, priced };
  };
  // The control run: everything checked before the writing transaction, where concurrent buyers interleave.
  const unlocked = quotaLocking.enabled ? null : await prepare(db, false);
  if (unlocked) await checkPlaces(db, event, unlocked.tickets, full, now, null);
  return db.transaction(async (trx) => {
    const locking = trx as unknown as Knex;
    // The tickets locked by the statement that reads them: then the short part under the locks, counting the
    // places and writing the order.
    const prepared = unlocked ?? (await prepare(locking, true));
    const { mode } = prepared;
    let { priced } = prepared;
    if (!unlocked) {
      await lockCoupons(trx, event.id, priced, now);
      // An automatic discount another order took the last use of meanwhile: priced again without it.
      if (await lockDiscounts(trx, event.id, priced, now))
        priced = await priceOrder(
          locking,
          event.id,
          prepared.tickets,
          items,
          request.coupons,
          now,
          null,
          prepared.catalogue,
        );
      await checkPlaces(locking, event, prepared.tickets, full, now, null);
    }
    const createdAt = new Date();
    const order = Order.fromJson({
      id: randomUUID(),
      accountId: event.accountId,
      eventId: event.id,
      guestId: request.guestId,
      status,
      paymentMethod: priced.totals.includingCents === 0 && status === "completed" ? "free" : paymentMethod,
      totalExclTaxCents: priced.totals.excludingCents,
      totalInclTaxCents: priced.totals.includingCents,
      currency: "EUR",
      reference: newReference(),
      mode,
      holdExpiresAt: status === "in_cart" ? new Date(now.getTime() + CART_HOLD_MINUTES * 60_000) : null,
      email: request.email ?? null,
      language: request.language ?? null,
      orderedAt: now,
      createdAt,
      updatedAt: createdAt,
    });
    await writeOrder(trx, order, priced);
    if (status !== "in_cart") await addLivePlaces(trx, unitsOf(priced), 1);
    await withOrder?.(trx, order);
    return { order, priced };
  });
}
