import type { ValidationIssue } from "@tessera/shared";
import { runningPeriod } from "@tessera/shared/ticketing/pricePeriods";
import {
  applyDiscounts,
  lineAmounts,
  orderTotals,
  type Discount,
  type OrderTotals,
  type PricedLine,
} from "@tessera/shared/ticketing/money";
import { lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { discountsFor, type AutomaticDiscount } from "@tessera/shared/ticketing/discountsFor";
import { Coupon } from "../../models/Coupon.ts";
import { Discount as AutomaticDiscountRow } from "../../models/Discount.ts";
import type { Ticket } from "../../models/Ticket.ts";
import { TicketPricePeriod } from "../../models/TicketPricePeriod.ts";
import { taxRateBpOf } from "../ticketing/catalogue.ts";
import { takingPlaces } from "./places.ts";
import { couponUses } from "./couponUses.ts";

/*
 * An order's prices at the moment it is placed: each ticket at the price period running then, the event's automatic
 * discounts whose conditions hold (shared's discountsFor) and the coupons named, applied together by shared's
 * applyDiscounts (the one place money is computed). Amounts are what the order keeps: it is never
 * priced again, whatever the catalogue becomes.
 */

export interface WantedItem {
  ticketId: string;
  quantity: number;
  holderGuestId: string | null;
}

export interface PricedItem extends WantedItem {
  unitInclTaxCents: number;
  unitExclTaxCents: number;
  taxRateBp: number | null;
  /** Quantity × unit price, then what coupons took off. */
  discountInclTaxCents: number;
  discountExclTaxCents: number;
}

export interface PricedOrder {
  items: PricedItem[];
  coupons: { coupon: Coupon; amountCents: number }[];
  /** The automatic discounts it took, with what each took off. */
  discounts: { discount: AutomaticDiscountRow; amountCents: number }[];
  totals: OrderTotals;
}

/** The event's active automatic discounts, with their tickets and how many living orders took each. */
async function automaticDiscounts(
  db: Knex,
  eventId: string,
  now: Date,
  orderId: string | null,
): Promise<{ rows: Map<string, AutomaticDiscountRow>; discounts: AutomaticDiscount[] }> {
  const rows = await AutomaticDiscountRow.query(db).where({ eventId, isActive: true });
  if (!rows.length) return { rows: new Map(), discounts: [] };
  const ids = rows.map((row) => row.id);
  // Uses are counted only for the discounts that have a max: the others never run out.
  const limited = rows.filter((row) => row.maxUses !== null).map((row) => row.id);
  const [links, uses] = await Promise.all([
    db("discountTickets").whereIn("discountId", ids).select("discountId", "ticketId") as Promise<
      { discountId: string; ticketId: string }[]
    >,
    limited.length ? discountUses(db, eventId, limited, now, orderId) : new Map<string, number>(),
  ]);
  return {
    rows: new Map(rows.map((row) => [row.id, row])),
    discounts: rows.map((row) => ({
      id: row.id,
      amountOffCents: row.amountOffCents,
      percentOffBp: row.percentOffBp,
      ticketIds: links.filter((link) => link.discountId === row.id).map((link) => link.ticketId),
      minQuantity: row.minQuantity,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      maxUses: row.maxUses,
      usedCount: uses.get(row.id) ?? 0,
      isActive: row.isActive,
      combinableWithCoupons: row.combinableWithCoupons,
      position: row.position,
    })),
  };
}

/** How many orders still taking places (held carts, live orders) took each discount. */
async function discountUses(
  db: Knex,
  eventId: string,
  discountIds: readonly string[],
  now: Date,
  orderId: string | null,
): Promise<Map<string, number>> {
  const used = (await takingPlaces(
    db("orderDiscounts").join("orders", "orders.id", "orderDiscounts.orderId"),
    eventId,
    now,
    orderId,
  )
    .whereIn("orderDiscounts.discountId", [...discountIds])
    .groupBy("orderDiscounts.discountId")
    .select("orderDiscounts.discountId", db.raw("count(*) as uses"))) as {
    discountId: string;
    uses: number | string;
  }[];
  return new Map(used.map((row) => [row.discountId, Number(row.uses)]));
}

/**
 * Locks the limited automatic discounts an order took and counts their uses again: whether one got used up since
 * the order was priced (the caller prices it again, under these locks, without it).
 */
export async function lockDiscounts(trx: Knex.Transaction, eventId: string, priced: PricedOrder, now: Date) {
  const limited = priced.discounts.map(({ discount }) => discount).filter((discount) => discount.maxUses !== null);
  if (!limited.length) return false;
  const db = trx as unknown as Knex;
  await lockForUpdate(
    db,
    AutomaticDiscountRow.query(trx)
      .whereIn(
        "id",
        limited.map((discount) => discount.id),
      )
      .orderBy("id"),
  );
  const uses = await discountUses(
    db,
    eventId,
    limited.map((discount) => discount.id),
    now,
    null,
  );
  return limited.some((discount) => (uses.get(discount.id) ?? 0) >= discount.maxUses!);
}

/** A ticket's price as an order takes it: the running period's. */
export type RunningPrice = Pick<TicketPricePeriod, "priceInclTaxCents" | "priceExclTaxCents">;

/**
 * What the caller already read of the catalogue at `now`, in the statement that locked the tickets (see
 * placeOrder's readSale): each ticket's running price, and whether the event has any active automatic discount.
 */
export interface KnownCatalogue {
  prices: ReadonlyMap<string, RunningPrice>;
  hasActiveDiscounts: boolean;
}

/** The price running at `now` per ticket (shared runningPeriod: the latest started, not ended). */
async function runningPrices(db: Knex, ticketIds: readonly string[], now: Date): Promise<Map<string, RunningPrice>> {
  const periods = await TicketPricePeriod.query(db).whereIn("ticketId", [...new Set(ticketIds)]);
  const prices = new Map<string, RunningPrice>();
  for (const ticketId of new Set(ticketIds)) {
    const running = runningPeriod(
      periods.filter((period) => period.ticketId === ticketId),
      now,
    );
    if (running) prices.set(ticketId, running);
  }
  return prices;
}

/** The coupons named by `codes` (case aside), each checked; 422 with an issue per refused code. */
async function redeemableCoupons(
  db: Knex,
  eventId: string,
  codes: readonly string[],
  ticketIds: readonly string[],
  now: Date,
  orderId: string | null,
): Promise<{ coupon: Coupon; ticketIds: string[] }[]> {
  if (!codes.length) return [];
  const keys = codes.map((code) => code.trim().toLowerCase());
  const coupons = await Coupon.query(db).where({ eventId }).whereIn("codeKey", keys);
  const byKey = new Map(coupons.map((coupon) => [coupon.codeKey, coupon]));
  const links = (await db("couponTickets")
    .whereIn(
      "couponId",
      coupons.map((coupon) => coupon.id),
    )
    .select("couponId", "ticketId")) as { couponId: string; ticketId: string }[];
  const uses = await couponUses(
    db,
    eventId,
    coupons.map((coupon) => coupon.id),
    now,
    orderId,
  );
  const issues: ValidationIssue[] = [];
  const found: { coupon: Coupon; ticketIds: string[] }[] = [];
  keys.forEach((key, index) => {
    const coupon = byKey.get(key);
    const field = `coupons.${index}`;
    if (!coupon || keys.indexOf(key) !== index) {
      if (!coupon) issues.push({ field, code: "coupon_not_found" });
      return;
    }
    const applies = links.filter((link) => link.couponId === coupon.id).map((link) => link.ticketId);
    if (coupon.redeemBy && coupon.redeemBy.getTime() < now.getTime()) issues.push({ field, code: "coupon_expired" });
    else if (coupon.maxRedemptions !== null && (uses.get(coupon.id) ?? 0) >= coupon.maxRedemptions)
      issues.push({ field, code: "coupon_used_up" });
    else if (applies.length && !ticketIds.some((id) => applies.includes(id)))
      issues.push({ field, code: "coupon_not_applicable" });
    else found.push({ coupon, ticketIds: applies });
  });
  if (issues.length) throw AppError.invalid(issues);
  return found;
}

/**
 * Locks the coupons an order redeems that have a max of redemptions, and counts their uses again (other orders
 * may have taken the last one since the order was priced): 422 coupon_used_up.
 */
export async function lockCoupons(
  trx: Knex.Transaction,
  eventId: string,
  priced: PricedOrder,
  now: Date,
): Promise<void> {
  const limited = priced.coupons.map(({ coupon }) => coupon).filter((coupon) => coupon.maxRedemptions !== null);
  if (!limited.length) return;
  const db = trx as unknown as Knex;
  await lockForUpdate(
    db,
    Coupon.query(trx)
      .whereIn(
        "id",
        limited.map((coupon) => coupon.id),
      )
      .orderBy("id"),
  );
  const uses = await couponUses(
    db,
    eventId,
    limited.map((coupon) => coupon.id),
    now,
  );
  const issues: ValidationIssue[] = limited
    .filter((coupon) => (uses.get(coupon.id) ?? 0) >= coupon.maxRedemptions!)
    .map((coupon) => ({
      field: `coupons.${priced.coupons.findIndex((c) => c.coupon.id === coupon.id)}`,
      code: "coupon_used_up",
    }));
  if (issues.length) throw AppError.invalid(issues);
}

/** A coupon as applyDiscounts takes it: on the tickets it names, or every line when it names none. */
function discountOf({ coupon, ticketIds }: { coupon: Coupon; ticketIds: string[] }): Discount {
  const base = { id: coupon.id, combinable: coupon.combinable, ticketIds: ticketIds.length ? ticketIds : null };
  return coupon.percentOffBp !== null
    ? { ...base, kind: "percent_off" as const, percentBp: coupon.percentOffBp }
    : { ...base, kind: "amount_off" as const, amountCents: coupon.amountOffCents ?? 0 };
}

/**
 * Prices `items` (tickets already found and locked) at `now` with the coupons named by `codes`. A ticket with no
 * price running now is not on sale: 409 ticket_unavailable.
 */
export async function priceOrder(
  db: Knex,
  eventId: string,
  tickets: ReadonlyMap<string, Ticket>,
  items: readonly WantedItem[],
  codes: readonly string[],
  now: Date,
  orderId: string | null = null,
  /** What the caller read already of the catalogue at `now`: not read again. */
  known?: KnownCatalogue,
): Promise<PricedOrder> {
  const prices =
    known?.prices ??
    (await runningPrices(
      db,
      items.map((item) => item.ticketId),
      now,
    ));
  const lines: (PricedLine & { ticketId: string; item: WantedItem })[] = items.map((item) => {
    const ticket = tickets.get(item.ticketId)!;
    const period = prices.get(item.ticketId);
    if (!period) throw new AppError("ticket_unavailable", 409, { details: { ticketId: item.ticketId } });
    const taxRateBp = taxRateBpOf(ticket);
    const amounts = lineAmounts({ unitIncludingCents: period.priceInclTaxCents, taxRateBp, quantity: item.quantity });
    return { ...amounts, taxRateBp, quantity: item.quantity, ticketId: item.ticketId, item };
  });
  const [coupons, automatic] = await Promise.all([
    redeemableCoupons(
      db,
      eventId,
      codes,
      items.map((item) => item.ticketId),
      now,
      orderId,
    ),
    known && !known.hasActiveDiscounts
      ? { rows: new Map<string, AutomaticDiscountRow>(), discounts: [] }
      : automaticDiscounts(db, eventId, now, orderId),
  ]);
  const applying = discountsFor(automatic.discounts, lines, now);
  const discounted = applyDiscounts(lines, [...applying, ...coupons.map(discountOf)]);
  const pricedItems = discounted.lines.map((line) => {
    const period = prices.get(line.item.ticketId)!;
    return {
      ...line.item,
      unitInclTaxCents: period.priceInclTaxCents,
      unitExclTaxCents: period.priceExclTaxCents,
      taxRateBp: line.taxRateBp,
      discountInclTaxCents: line.discountCents,
      discountExclTaxCents: line.before.excludingCents - line.excludingCents,
    };
  });
  return {
    items: pricedItems,
    coupons: discounted.applied.flatMap((applied) => {
      const found = coupons.find(({ coupon }) => coupon.id === applied.discount.id);
      return found ? [{ coupon: found.coupon, amountCents: applied.amountCents }] : [];
    }),
    discounts: discounted.applied.flatMap((applied) => {
      const discount = applied.discount.id ? automatic.rows.get(applied.discount.id) : undefined;
      return discount ? [{ discount, amountCents: applied.amountCents }] : [];
    }),
    totals: orderTotals(discounted.lines),
  };
}
