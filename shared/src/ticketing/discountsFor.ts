import type { Discount, PricedLine } from "./money.ts";

/*
 * Which of an event's automatic discounts (spec §7 `discounts`; pretix's "automatic discounts") apply to an order,
 * without a code, at a given time — expressed as the Discount values applyDiscounts reads, so the money is still
 * computed in one place (money.ts).
 *
 * A discount applies when ALL its conditions hold:
 *   - it is active;
 *   - `at` is inside its validity window: validFrom ≤ at (validFrom null: from always) and at < validUntil
 *     (validUntil null: no end) — from inclusive, until exclusive, like a ticket's price periods;
 *   - it is not used up: maxUses null, or usedCount < maxUses (usedCount: the orders that already took it, which
 *     the caller counts; the order being priced is not among them);
 *   - the order holds at least minQuantity units of the tickets it applies to (its ticketIds; empty: every
 *     ticket), counting the quantity of every matching line.
 *
 * Stacking. "Combinable with coupons" becomes applyDiscounts' `combinable`: a discount that is joins the set of
 * every combinable coupon and discount, which applies together; one that is not stands alone, against that set
 * and against each non-combinable coupon, and the buyer gets whichever candidate takes the most off (money.ts's
 * stacking rule). The discounts come out by position (then id, so the result does not depend on the input's
 * order): within a set, amounts off apply in that order.
 */

export interface AutomaticDiscount {
  id: string;
  /** Exactly one of amountOffCents and percentOffBp is not null. */
  amountOffCents: number | null;
  percentOffBp: number | null;
  /** Empty: every ticket. */
  ticketIds: readonly string[];
  /** ≥ 1. */
  minQuantity: number;
  validFrom: Date | null;
  validUntil: Date | null;
  /** Null: unlimited. */
  maxUses: number | null;
  /** The orders that already took it (not counting the one being priced). */
  usedCount: number;
  isActive: boolean;
  combinableWithCoupons: boolean;
  position: number;
}

/** A line of the order: the ticket it sells, its quantity and its amounts (money.ts's lineAmounts). */
export interface OrderLine extends PricedLine {
  ticketId: string;
}

/** Why a discount does not apply, or null when it does (for the tests and for explaining it to an organizer). */
export type DiscountRefusal = "inactive" | "not_started" | "ended" | "used_up" | "too_few_tickets";

function matches(discount: Pick<AutomaticDiscount, "ticketIds">, ticketId: string): boolean {
  return discount.ticketIds.length === 0 || discount.ticketIds.includes(ticketId);
}

/** The units of the order's lines the discount applies to. */
export function matchingQuantity(discount: Pick<AutomaticDiscount, "ticketIds">, lines: readonly OrderLine[]): number {
  return lines.reduce((total, line) => total + (matches(discount, line.ticketId) ? line.quantity : 0), 0);
}

/** The first condition of the discount that does not hold for this order at `at`, or null when all hold. */
export function discountRefusal(
  discount: AutomaticDiscount,
  lines: readonly OrderLine[],
  at: Date,
): DiscountRefusal | null {
  if (!discount.isActive) return "inactive";
  if (discount.validFrom && at.getTime() < discount.validFrom.getTime()) return "not_started";
  if (discount.validUntil && at.getTime() >= discount.validUntil.getTime()) return "ended";
  if (discount.maxUses !== null && discount.usedCount >= discount.maxUses) return "used_up";
  if (matchingQuantity(discount, lines) < Math.max(1, discount.minQuantity)) return "too_few_tickets";
  return null;
}

/** The shape applyDiscounts reads. */
export function asDiscount(discount: AutomaticDiscount): Discount {
  const base = {
    id: discount.id,
    combinable: discount.combinableWithCoupons,
    ticketIds: discount.ticketIds.length ? [...discount.ticketIds] : null,
  };
  if (discount.percentOffBp !== null) return { ...base, kind: "percent_off", percentBp: discount.percentOffBp };
  if (discount.amountOffCents !== null) return { ...base, kind: "amount_off", amountCents: discount.amountOffCents };
  throw new TypeError(`discount ${discount.id} has neither an amount off nor a percent off`);
}

/** The discounts that apply to this order at `at`, by position then id, as applyDiscounts takes them. */
export function discountsFor(
  discounts: readonly AutomaticDiscount[],
  lines: readonly OrderLine[],
  at: Date,
): Discount[] {
  return discounts
    .filter((discount) => discountRefusal(discount, lines, at) === null)
    .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(asDiscount);
}
