import { randomInt, randomUUID } from "node:crypto";
import {
  LIVE_ORDER_STATUSES,
  ORDER_REFERENCE_ALPHABET,
  type OrderStatus,
  type PaymentMethod,
  type ValidationIssue,
} from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Order } from "../../models/Order.ts";
import { Ticket } from "../../models/Ticket.ts";
import { TicketingParams } from "../../models/TicketingParams.ts";
import { addLivePlaces, attendeesTaken, lockTickets, placesTaken, takingPlaces } from "./places.ts";
import { lockCoupons, lockDiscounts, priceOrder, type PricedOrder, type WantedItem } from "./pricing.ts";

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

/** Tickets that holders already hold in live orders or held carts (other than `orderId`). */
async function alreadyHeld(
  db: Knex,
  eventId: string,
  items: readonly WantedItem[],
  now: Date,
  orderId: string | null,
): Promise<Set<string>> {
  const held = items.filter((item) => item.holderGuestId);
  if (!held.length) return new Set();
  // By the holders only (their index): a guest holds a few items, a ticket may have thousands.
  const rows = (await takingPlaces(
    db("orderItems").join("orders", "orders.id", "orderItems.orderId"),
    eventId,
    now,
    orderId,
  )
    .whereIn(
      "orderItems.holderGuestId",
      held.map((item) => item.holderGuestId!),
    )
    .whereRaw("?? > ??", ["orderItems.quantity", "orderItems.refundedQuantity"])
    .select("orderItems.holderGuestId", "orderItems.ticketId")) as { holderGuestId: string; ticketId: string }[];
  return new Set(rows.map((row) => `${row.ticketId}|${row.holderGuestId}`));
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
): Promise<void> {
  const issues: ValidationIssue[] = [];
  if (!request.items.length) issues.push({ field: "items", code: "at_least_one_item" });
  const holders = request.items.map((item) => item.holderGuestId).filter((id): id is string => id !== null);
  const guests = new Set(
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
 * twice with one ticket, each ticket's max quantity (an option's quota), the event's max attendees. 409.
 */
async function checkPlaces(
  db: Knex,
  event: Pick<Event, "id" | "maxAttendees">,
  tickets: ReadonlyMap<string, Ticket>,
  request: ItemsRequest,
  now: Date,
  orderId: string | null,
): Promise<void> {
  const owned = await alreadyHeld(db, event.id, request.items, now, orderId);
  for (const item of request.items) {
    if (owned.has(`${item.ticketId}|${item.holderGuestId}`)) {
      throw new AppError("ticket_already_owned", 409, { details: { ticketId: item.ticketId } });
    }
  }
  const wanted = new Map<string, number>();
  for (const item of request.items) wanted.set(item.ticketId, (wanted.get(item.ticketId) ?? 0) + item.quantity);
  const taken = await placesTaken(db, event.id, tickets, now, orderId);
  for (const [ticketId, quantity] of wanted) {
    const ticket = tickets.get(ticketId)!;
    if (ticket.maxQuantity !== null && taken.get(ticketId)! + quantity > ticket.maxQuantity) {
      throw ticket.isOption
        ? new AppError("option_quota_filled", 409, { details: { ticketId } })
        : new AppError("ticket_unavailable", 409, { details: { ticketId } });
    }
  }
  if (event.maxAttendees !== null) {
    const attendees = [...wanted].reduce((sum, [id, quantity]) => sum + (tickets.get(id)!.isOption ? 0 : quantity), 0);
    if (attendees > 0 && (await attendeesTaken(db, event.id, now, orderId)) + attendees > event.maxAttendees) {
      const first = [...wanted.keys()].find((id) => !tickets.get(id)!.isOption)!;
      throw new AppError("ticket_unavailable", 409, { details: { ticketId: first } });
    }
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

async function writeItems(trx: Knex.Transaction, orderId: string, priced: PricedOrder): Promise<void> {
  const now = Date.now();
  // One statement for every line (Objection inserts an array on PostgreSQL only); a millisecond apart, so that
  // they read back in the order they were asked.
  await trx("orderItems").insert(
    priced.items.map((item, index) => ({
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
    })),
  );
  if (priced.coupons.length) {
    await trx("orderCoupons").insert(
      priced.coupons.map(({ coupon, amountCents }) => ({ orderId, couponId: coupon.id, amountCents })),
    );
  }
  if (priced.discounts.length) {
    await trx("orderDiscounts").insert(
      priced.discounts.map(({ discount, amountCents }) => ({ orderId, discountId: discount.id, amountCents })),
    );
  }
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
  const ticketIds = items.map((item) => item.ticketId);
  const prepare = async (trx: Knex) => {
    const tickets = new Map(
      (await Ticket.query(trx).where({ eventId: event.id }).whereIn("id", ticketIds)).map((t) => [t.id, t]),
    );
    await validateItems(trx, event, tickets, full);
    const priced = await priceOrder(trx, event.id, tickets, items, request.coupons, now);
    const params = await TicketingParams.query(trx).findOne({ eventId: event.id });
    return { tickets, priced, mode: params?.mode ?? "test" };
  };
  // The control run: everything checked before the writing transaction, where concurrent buyers interleave.
  const unlocked = quotaLocking.enabled ? null : await prepare(db);
  if (unlocked) await checkPlaces(db, event, unlocked.tickets, full, now, null);
  return db.transaction(async (trx) => {
    const prepared = unlocked ?? (await prepare(trx as unknown as Knex));
    const { mode } = prepared;
    let { priced } = prepared;
    if (!unlocked) {
      // The short part under the locks: count the places, write the order.
      const locked = await lockTickets(trx, event.id, ticketIds, event.maxAttendees !== null);
      await lockCoupons(trx, event.id, priced, now);
      // An automatic discount another order took the last use of meanwhile: priced again without it.
      if (await lockDiscounts(trx, event.id, priced, now))
        priced = await priceOrder(trx as unknown as Knex, event.id, prepared.tickets, items, request.coupons, now);
      await checkPlaces(trx as unknown as Knex, event, locked, full, now, null);
    }
    const order = await Order.query(trx).insert({
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
    });
    await writeItems(trx, order.id, priced);
    if (status !== "in_cart") await addLivePlaces(trx, unitsOf(priced), 1);
    await withOrder?.(trx, order);
    return { order, priced };
  });
}
