import { randomUUID } from "node:crypto";
import { ORDER_REFERENCE_ALPHABET, PAID_ORDER_STATUSES, type OrderStatus, type PaymentMethod } from "@tessera/shared";
import { isValidSiret } from "@tessera/shared/rules/siret";
import type { Knex } from "../db/knex.ts";
import type { Event } from "../models/Event.ts";
import { CART_HOLD_MINUTES } from "../services/orders/placeOrder.ts";
import { recountLivePlaces } from "../services/orders/places.ts";

interface DemoTicket {
  caption: string;
  description: string;
  priceInclTaxCents: number;
  isOption: boolean;
  category: "passes" | "extras";
}

/** The demo's two ticket categories, in their order. */
const CATEGORIES = [
  { key: "passes", name: "Passes", color: "#3b5bdb" },
  { key: "extras", name: "Extras", color: "#ae3ec9" },
] as const;

/** The demo's coupon: 10 % off the passes, for the first hundred buyers. */
const DEMO_COUPON = { code: "EARLYBIRD", percentOffBp: 1_000, maxRedemptions: 100 } as const;

const TAX_PERCENT = 20;
const TICKETS: DemoTicket[] = [
  {
    caption: "Conference pass",
    description: "Both days, talks and lunch.",
    priceInclTaxCents: 24_000,
    isOption: false,
    category: "passes",
  },
  {
    caption: "Student pass",
    description: "Both days, on a student card.",
    priceInclTaxCents: 9_000,
    isOption: false,
    category: "passes",
  },
  {
    caption: "Workshop seat",
    description: "One workshop; with a pass only.",
    priceInclTaxCents: 4_500,
    isOption: true,
    category: "extras",
  },
];

/** What each demo order looks like, in turn: mostly paid, a few of every other status. */
const ORDER_SHAPES: Array<{ status: OrderStatus; method: PaymentMethod | null; refunded?: boolean }> = [
  { status: "completed", method: "card" },
  { status: "completed", method: "card" },
  { status: "completed", method: "transfer" },
  { status: "awaiting_payment", method: "transfer" },
  { status: "completed", method: "card" },
  { status: "partially_refunded", method: "card", refunded: true },
  { status: "completed", method: "cheque" },
  { status: "refunded", method: "card", refunded: true },
  { status: "cancelled", method: "transfer" },
  { status: "completed", method: "card" },
];

const CART_SHAPE: { status: OrderStatus; method: PaymentMethod | null; refunded?: boolean } = {
  status: "in_cart",
  method: null,
};

const excl = (incl: number) => Math.round(incl / (1 + TAX_PERCENT / 100));

/**
 * Tickets in two categories, a coupon and about thirty orders (a cart among them) for the demo event, so a guest's Tickets and Orders panels and the
 * ticket-holder deletion rule show something: confirmed guests buy a pass (a student pass now and
 * then), some add a workshop seat, and a guest with companions pays for a companion's pass too.
 * Deterministic: the guests are taken in email order.
 */
export async function seedDemoOrders(trx: Knex.Transaction, event: Event, now: Date): Promise<void> {
  await seedDemoBilling(trx, event, now);
  const categoryIds = await seedDemoCategories(trx, event, now);
  const ticketIds: string[] = [];
  for (const [position, ticket] of TICKETS.entries()) {
    const id = randomUUID();
    ticketIds.push(id);
    await trx("tickets").insert({
      id,
      accountId: event.accountId,
      eventId: event.id,
      caption: ticket.caption,
      description: ticket.description,
      taxPercent: TAX_PERCENT,
      maxQuantity: ticket.isOption ? 60 : null,
      isOption: ticket.isOption,
      isOnSale: true,
      category: null,
      categoryId: categoryIds[ticket.category],
      position,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    await trx("ticketPricePeriods").insert({
      id: randomUUID(),
      ticketId: id,
      startsAt: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
      endsAt: null,
      priceInclTaxCents: ticket.priceInclTaxCents,
      priceExclTaxCents: excl(ticket.priceInclTaxCents),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
  }
  const [pass, student, workshop] = ticketIds as [string, string, string];
  await seedDemoCoupon(trx, event, [pass, student], now);
  const buyers: Array<{ id: string; firstName: string | null; lastName: string | null; company: string | null }> =
    await trx("guests")
      .where({ eventId: event.id, status: "confirmed" })
      .whereNull("godfatherId")
      .orderBy("emailNormalized")
      .limit(30)
      .select("id", "firstName", "lastName", "company");
  const companionOf = new Map<string, string>(
    (
      (await trx("guests")
        .where({ eventId: event.id })
        .whereIn(
          "godfatherId",
          buyers.map((buyer) => buyer.id),
        )
        .select("id", "godfatherId")) as Array<{ id: string; godfatherId: string }>
    ).map((row) => [row.godfatherId, row.id]),
  );

  for (const [index, buyer] of buyers.entries()) {
    // The last buyer is still at the payment step: a cart holding its places.
    const shape = index === buyers.length - 1 ? CART_SHAPE : ORDER_SHAPES[index % ORDER_SHAPES.length]!;
    const main = index % 7 === 3 ? student : pass;
    const items: Array<{ ticketId: string; holderId: string; price: number; refunded: number }> = [
      { ticketId: main, holderId: buyer.id, price: main === pass ? 24_000 : 9_000, refunded: 0 },
    ];
    if (index % 3 === 0) items.push({ ticketId: workshop, holderId: buyer.id, price: 4_500, refunded: 0 });
    const companion = companionOf.get(buyer.id);
    if (companion) items.push({ ticketId: pass, holderId: companion, price: 24_000, refunded: 0 });
    // A partial refund needs a line left: a single pass gets a workshop seat, the part refunded.
    if (shape.status === "partially_refunded" && items.length === 1)
      items.push({ ticketId: workshop, holderId: buyer.id, price: 4_500, refunded: 0 });
    if (shape.refunded) {
      // Fully refunded: every item; partially: the last one.
      for (const item of shape.status === "refunded" ? items : items.slice(-1)) item.refunded = 1;
    }
    const total = items.reduce((sum, item) => sum + item.price, 0);
    const orderId = randomUUID();
    const orderedAt = new Date(now.getTime() - (buyers.length - index) * 3 * 3_600_000).toISOString();
    await trx("orders").insert({
      id: orderId,
      accountId: event.accountId,
      eventId: event.id,
      reference: demoReference(index),
      mode: "test",
      guestId: buyer.id,
      status: shape.status,
      paymentMethod: shape.method,
      holdExpiresAt: shape.status === "in_cart" ? new Date(now.getTime() + CART_HOLD_MINUTES * 60_000) : null,
      totalExclTaxCents: items.reduce((sum, item) => sum + excl(item.price), 0),
      totalInclTaxCents: total,
      currency: "EUR",
      billingName: buyer.company ?? [buyer.firstName, buyer.lastName].filter(Boolean).join(" "),
      isCompany: Boolean(buyer.company),
      siret: buyer.company ? demoSiret(index) : null,
      orderedAt,
      createdAt: orderedAt,
      updatedAt: orderedAt,
    });
    await trx("orderItems").insert(
      items.map((item) => ({
        id: randomUUID(),
        orderId,
        ticketId: item.ticketId,
        holderGuestId: item.holderId,
        quantity: 1,
        unitPriceInclTaxCents: item.price,
        unitPriceExclTaxCents: excl(item.price),
        taxPercent: TAX_PERCENT,
        refundedQuantity: item.refunded,
        createdAt: orderedAt,
        updatedAt: orderedAt,
      })),
    );
    if ((PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(shape.status))
      await seedDemoPayment(trx, orderId, items, total, orderedAt);
  }
  await recountLivePlaces(trx as unknown as Knex, event.id);
}

async function seedDemoCategories(
  trx: Knex.Transaction,
  event: Event,
  now: Date,
): Promise<Record<DemoTicket["category"], string>> {
  const ids = { passes: randomUUID(), extras: randomUUID() };
  await trx("ticketCategories").insert(
    CATEGORIES.map((category, position) => ({
      id: ids[category.key],
      accountId: event.accountId,
      eventId: event.id,
      parentId: null,
      name: category.name,
      color: category.color,
      position,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })),
  );
  return ids;
}

async function seedDemoCoupon(trx: Knex.Transaction, event: Event, ticketIds: string[], now: Date): Promise<void> {
  const couponId = randomUUID();
  await trx("coupons").insert({
    id: couponId,
    accountId: event.accountId,
    eventId: event.id,
    code: DEMO_COUPON.code,
    codeKey: DEMO_COUPON.code.toLowerCase(),
    amountOffCents: null,
    percentOffBp: DEMO_COUPON.percentOffBp,
    maxRedemptions: DEMO_COUPON.maxRedemptions,
    combinable: false,
    redeemBy: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  await trx("couponTickets").insert(ticketIds.map((ticketId) => ({ couponId, ticketId })));
}

/** A made-up SIRET that passes the checksum (a company is billed with one): 13 digits and the key that fits. */
function demoSiret(index: number): string {
  const body = `7328293${String(index).padStart(6, "0")}`;
  const key = [..."0123456789"].find((digit) => isValidSiret(body + digit))!;
  return body + key;
}

/** "DEMO00A2": readable and stable from one demo to the next. */
function demoReference(index: number): string {
  let text = "";
  for (let rest = index, i = 0; i < 4; i++, rest = Math.floor(rest / ORDER_REFERENCE_ALPHABET.length))
    text = ORDER_REFERENCE_ALPHABET[rest % ORDER_REFERENCE_ALPHABET.length]! + text;
  return `DEMO${text}`;
}

/**
 * The demo's payment of a paid order, and the refund of its refunded items. The demo has no Stripe account: its
 * payments are recorded as received (a refund made in the demo is then recorded at once, as for a transfer).
 */
async function seedDemoPayment(
  trx: Knex.Transaction,
  orderId: string,
  items: ReadonlyArray<{ price: number; refunded: number; id?: string }>,
  total: number,
  at: string,
): Promise<void> {
  const refunded = items.reduce((sum, item) => sum + item.price * item.refunded, 0);
  const paymentId = randomUUID();
  await trx("payments").insert({
    id: paymentId,
    orderId,
    provider: "offline",
    mode: "test",
    status: "succeeded",
    amountCents: total,
    capturedCents: total,
    refundedCents: refunded,
    createdAt: at,
    updatedAt: at,
  });
  if (!refunded) return;
  const refundedItems = (await trx("orderItems")
    .where({ orderId })
    .where("refundedQuantity", ">", 0)
    .select("id as itemId", "refundedQuantity as quantity")) as { itemId: string; quantity: number }[];
  await trx("refunds").insert({
    id: randomUUID(),
    orderId,
    paymentId,
    status: "succeeded",
    reason: "organizer",
    amountCents: refunded,
    items: JSON.stringify(refundedItems.map((item) => ({ itemId: item.itemId, quantity: Number(item.quantity) }))),
    createdAt: at,
    updatedAt: at,
  });
}

/**
 * The demo event's seller and its ticketing parameters: ticket office open in test mode, card, transfer and
 * payment at the desk offered. With a seller, the demo's paid orders get their invoices (the server's sweep
 * issues them once it runs).
 */
async function seedDemoBilling(trx: Knex.Transaction, event: Event, now: Date): Promise<void> {
  const organizerId = randomUUID();
  await trx("organizers").insert({
    id: organizerId,
    accountId: event.accountId,
    corporateName: "Demo Events SAS",
    legalStructure: "SAS",
    shareCapitalCents: 1_000_000,
    siret: "73282932000074",
    rcsNumber: "RCS Paris 732 829 320",
    street: "12 rue de la Paix",
    zip: "75002",
    city: "Paris",
    vatStatus: "subject",
    vatNumber: "FR44732829320",
    legalMentions: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  await trx("ticketingParams").insert({
    id: randomUUID(),
    accountId: event.accountId,
    eventId: event.id,
    ticketOffice: "opened",
    mode: "test",
    terms: "Tickets are neither exchanged nor refunded, except if the event is cancelled.",
    paymentMethods: JSON.stringify(["card", "transfer", "desk"]),
    organizerId,
    salesStartedAt: now.toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
}
