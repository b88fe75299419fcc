import { randomUUID } from "node:crypto";
import type { OrderStatus } from "@tessera/shared";
import type { Db } from "../../api/src/db/knex.ts";
import type { Event } from "../../api/src/models/Event.ts";
import { Order } from "../../api/src/models/Order.ts";
import { OrderItem } from "../../api/src/models/OrderItem.ts";
import { Ticket } from "../../api/src/models/Ticket.ts";
import { recountLivePlaces } from "../../api/src/services/orders/places.ts";

type EventRef = Pick<Event, "id" | "accountId">;

let counter = 0;

/**
 * A ticket type straight in the database (no audit), on sale, 20 % VAT, with one open price period
 * (`priceInclTaxCents`, default 12,000 = 120.00 €, before-tax price derived from the VAT rate).
 */
export async function buildTicket(
  db: Db,
  event: EventRef,
  overrides: Partial<Ticket> & { priceInclTaxCents?: number } = {},
): Promise<Ticket> {
  counter++;
  const { priceInclTaxCents = 12_000, ...columns } = overrides;
  const now = new Date().toISOString();
  const row = {
    id: randomUUID(),
    accountId: event.accountId,
    eventId: event.id,
    caption: `Ticket ${counter}`,
    description: null,
    taxPercent: 20,
    maxQuantity: null,
    isOption: false,
    isOnSale: true,
    category: null,
    position: counter,
    createdAt: now,
    updatedAt: now,
    ...columns,
  };
  await db("tickets").insert(row);
  const tax = row.taxPercent ?? 0;
  await db("ticketPricePeriods").insert({
    id: randomUUID(),
    ticketId: row.id,
    startsAt: new Date(Date.now() - 86_400_000).toISOString(),
    endsAt: null,
    priceInclTaxCents,
    priceExclTaxCents: Math.round(priceInclTaxCents / (1 + tax / 100)),
    createdAt: now,
    updatedAt: now,
  });
  return Ticket.query(db).findById(row.id).throwIfNotFound();
}

export interface ItemSpec {
  ticket: Pick<Ticket, "id" | "taxPercent">;
  /** The guest holding the ticket (default: the buyer). Null: nobody. */
  holderId?: string | null;
  quantity?: number;
  refundedQuantity?: number;
  unitPriceInclTaxCents?: number;
}

export interface OrderSpec {
  /** The buyer. */
  guestId: string;
  status?: OrderStatus;
  orderedAt?: Date;
  items: ItemSpec[];
  overrides?: Partial<Order>;
}

/**
 * An order with its items straight in the database (no audit); totals are the sum of the items
 * (quantity × unit price, refunds not taken off), before-tax prices derived from each ticket's VAT.
 */
export async function buildOrder(
  db: Db,
  event: EventRef,
  { guestId, status = "completed", orderedAt = new Date(), items, overrides = {} }: OrderSpec,
): Promise<{ order: Order; items: OrderItem[] }> {
  const now = new Date().toISOString();
  const orderId = randomUUID();
  const rows = items.map((spec, index) => {
    const incl = spec.unitPriceInclTaxCents ?? 12_000;
    const tax = spec.ticket.taxPercent;
    return {
      id: randomUUID(),
      orderId,
      ticketId: spec.ticket.id,
      holderGuestId: spec.holderId === undefined ? guestId : spec.holderId,
      quantity: spec.quantity ?? 1,
      unitPriceInclTaxCents: incl,
      unitPriceExclTaxCents: Math.round(incl / (1 + (tax ?? 0) / 100)),
      taxPercent: tax,
      refundedQuantity: spec.refundedQuantity ?? 0,
      // Distinct creation times keep the items in the order they were given.
      createdAt: new Date(Date.parse(now) + index).toISOString(),
      updatedAt: now,
    };
  });
  const sum = (key: "unitPriceInclTaxCents" | "unitPriceExclTaxCents") =>
    rows.reduce((total, row) => total + row[key] * row.quantity, 0);
  const order: Record<string, unknown> = {
    id: orderId,
    accountId: event.accountId,
    eventId: event.id,
    guestId,
    status,
    paymentMethod: "card",
    totalExclTaxCents: sum("unitPriceExclTaxCents"),
    totalInclTaxCents: sum("unitPriceInclTaxCents"),
    currency: "EUR",
    billingName: null,
    address: null,
    zip: null,
    city: null,
    isCompany: false,
    siret: null,
    orderedAt: orderedAt.toISOString(),
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  for (const [key, value] of Object.entries(order)) if (value instanceof Date) order[key] = value.toISOString();
  await db("orders").insert(order);
  if (rows.length) await db("orderItems").insert(rows);
  await recountLivePlaces(db, event.id);
  return {
    order: await Order.query(db).findById(orderId).throwIfNotFound(),
    items: await OrderItem.query(db).where({ orderId }).orderBy("createdAt"),
  };
}

/** The event's ticketing parameters straight in the database: written, or changed by `values` when they exist. */
export async function writeTicketingParams(
  db: Db,
  event: EventRef,
  values: Partial<{
    ticketOffice: "opened" | "closed";
    terms: string | null;
    paymentMethods: string[];
    organizerId: string | null;
    salesStartedAt: string | null;
  }> = {},
): Promise<void> {
  const now = new Date().toISOString();
  const { paymentMethods, ...rest } = values;
  const columns = { ...rest, ...(paymentMethods ? { paymentMethods: JSON.stringify(paymentMethods) } : {}) };
  const existing = await db("ticketingParams").where({ eventId: event.id }).first("id");
  if (existing) {
    await db("ticketingParams")
      .where({ id: existing.id })
      .update({ ...columns, updatedAt: now });
    return;
  }
  await db("ticketingParams").insert({
    id: randomUUID(),
    accountId: event.accountId,
    eventId: event.id,
    ticketOffice: "opened",
    mode: "test",
    terms: null,
    paymentMethods: JSON.stringify(["card"]),
    organizerId: null,
    salesStartedAt: null,
    createdAt: now,
    updatedAt: now,
    ...columns,
  });
}

/** The payment an order paid off Stripe (transfer, desk) carries once confirmed: what a refund gives back at most. */
export async function buildOfflinePayment(db: Db, order: Pick<Order, "id" | "totalInclTaxCents">): Promise<void> {
  const now = new Date().toISOString();
  await db("payments").insert({
    id: randomUUID(),
    orderId: order.id,
    provider: "offline",
    mode: "test",
    status: "succeeded",
    amountCents: order.totalInclTaxCents,
    capturedCents: order.totalInclTaxCents,
    refundedCents: 0,
    createdAt: now,
    updatedAt: now,
  });
}
