/**
 * Ticketing's money arithmetic: prices, VAT, discounts, order totals and refunds. The only place where
 * amounts are rounded (ARCHITECTURE.md); the API, the web, invoices and credit notes all call it.
 *
 * Units. Money is an integer number of cents (a safe integer, 0 … MONEY_CENTS_MAX); a tax rate is an integer
 * number of basis points (2000 = 20 %, 550 = 5.5 %, 210 = 2.1 %, 0 … TAX_RATE_BP_MAX) or null for "no VAT"
 * (an organizer not subject to VAT, or a ticket without VAT: distinct from a 0 % rate on an invoice).
 *
 * THE ROUNDING RULE. Every division is exact (integer arithmetic, no floating point) and rounded ONCE, to the
 * cent, HALF AWAY FROM ZERO (x.5 cents → x+1 cents), PER LINE; order totals and each rate of the VAT breakdown
 * are SUMS of rounded lines, never re-rounded. Why: a French invoice shows each line's price and, per VAT rate,
 * the base, the VAT and the total, in cents (CGI annexe II art. 242 nonies A); "arrondi commercial" (half up on
 * the cent, as the euro regulation EC 1103/97 art. 5 rounds) is the usual rule, and rounding per line keeps
 * what the invoice prints self-consistent: each line's excluding + VAT = including, the lines add up to the
 * totals, the VAT breakdown adds up to the totals — to the cent, always.
 * The price of one line:
 *   - priced including tax (the usual B2C case, a ticket's price after taxes): including = unit × quantity,
 *     excluding = round(including × 10000 / (10000 + rate)), VAT = including − excluding;
 *   - priced excluding tax: excluding = unit × quantity, VAT = round(excluding × rate / 10000),
 *     including = excluding + VAT.
 * Round trips: priceExcludingTax(priceIncludingTax(x, r), r) === x for every x and r (exact); the other way,
 * priceIncludingTax(priceExcludingTax(y, r), r) is within one cent of y (some including prices have no exact
 * excluding price in cents), which is why a price period stores the price it was entered with and derives
 * the other one.
 *
 * Discounts (coupons and discounts) reduce the amount the buyer pays, INCLUDING tax, line by line; a line's
 * excluding amount and VAT are then derived again from its discounted including amount with the line's rate
 * (a discount granted at the sale reduces the VAT base). See applyDiscounts for the stacking rule.
 */

/** The largest amount this module takes or returns, in cents (10 billion euros); keeps products exact. */
export const MONEY_CENTS_MAX = 1_000_000_000_000;
/** 100 %, in basis points: the largest tax rate and the largest percent off. */
export const TAX_RATE_BP_MAX = 10_000;
export const PERCENT_BP_MAX = 10_000;
/** The largest quantity of one line. */
export const LINE_QUANTITY_MAX = 1_000_000;

// ---- integer helpers ----------------------------------------------------------------------------

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MONEY_CENTS_MAX) {
    throw new RangeError(`${name} must be an integer number of cents between 0 and ${MONEY_CENTS_MAX}: ${value}`);
  }
}

function assertRate(name: string, value: number | null): void {
  if (value === null) return;
  if (!Number.isSafeInteger(value) || value < 0 || value > TAX_RATE_BP_MAX) {
    throw new RangeError(`${name} must be null or an integer number of basis points from 0 to 10000: ${value}`);
  }
}

function assertQuantity(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > LINE_QUANTITY_MAX) {
    throw new RangeError(`${name} must be an integer from 0 to ${LINE_QUANTITY_MAX}: ${value}`);
  }
}

/** numerator / denominator rounded half away from zero, exactly (BigInt: products may pass 2^53). */
export function divideRounded(numerator: number | bigint, denominator: number | bigint): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError("division by zero");
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (2n * an + ad) / (2n * ad); // floor((|n| + |d|/2) / |d|): half rounds up in magnitude
  return Number(negative ? -q : q);
}

// ---- prices and VAT -----------------------------------------------------------------------------

/** The price including tax of a price excluding tax: excluding + round(excluding × rate / 10000). */
export function priceIncludingTax(excludingCents: number, taxRateBp: number | null): number {
  assertCents("excludingCents", excludingCents);
  assertRate("taxRateBp", taxRateBp);
  if (taxRateBp === null || taxRateBp === 0) return excludingCents;
  return excludingCents + divideRounded(BigInt(excludingCents) * BigInt(taxRateBp), 10_000);
}

/** The price excluding tax of a price including tax: round(including × 10000 / (10000 + rate)). */
export function priceExcludingTax(includingCents: number, taxRateBp: number | null): number {
  assertCents("includingCents", includingCents);
  assertRate("taxRateBp", taxRateBp);
  if (taxRateBp === null || taxRateBp === 0) return includingCents;
  return divideRounded(BigInt(includingCents) * 10_000n, 10_000 + taxRateBp);
}

export interface LineAmounts {
  excludingCents: number;
  taxCents: number;
  includingCents: number;
}

export interface LineInput {
  /** The unit price excluding tax; give it or unitIncludingCents, not both. */
  unitExcludingCents?: number;
  /** The unit price including tax; give it or unitExcludingCents, not both. */
  unitIncludingCents?: number;
  taxRateBp: number | null;
  quantity: number;
}

/** The amounts of one line (rounded once, per line): excludingCents + taxCents === includingCents. */
export function lineAmounts(input: LineInput): LineAmounts {
  const { unitExcludingCents, unitIncludingCents, taxRateBp, quantity } = input;
  assertQuantity("quantity", quantity);
  if ((unitExcludingCents === undefined) === (unitIncludingCents === undefined)) {
    throw new TypeError("lineAmounts needs exactly one of unitExcludingCents and unitIncludingCents");
  }
  if (unitIncludingCents !== undefined) {
    assertCents("unitIncludingCents", unitIncludingCents);
    const includingCents = unitIncludingCents * quantity;
    assertCents("the line's including amount", includingCents);
    return splitIncluding(includingCents, taxRateBp);
  }
  assertCents("unitExcludingCents", unitExcludingCents!);
  const excludingCents = unitExcludingCents! * quantity;
  assertCents("the line's excluding amount", excludingCents);
  const includingCents = priceIncludingTax(excludingCents, taxRateBp);
  assertCents("the line's including amount", includingCents);
  return { excludingCents, taxCents: includingCents - excludingCents, includingCents };
}

/** An including amount split into excluding + tax at a rate (the rule of priceExcludingTax). */
export function splitIncluding(includingCents: number, taxRateBp: number | null): LineAmounts {
  const excludingCents = priceExcludingTax(includingCents, taxRateBp);
  return { excludingCents, taxCents: includingCents - excludingCents, includingCents };
}

// ---- discounts ----------------------------------------------------------------------------------

/** A line of an order as the discount, total and refund functions read it. Extra fields are kept. */
export interface PricedLine extends LineAmounts {
  taxRateBp: number | null;
  quantity: number;
  /** The ticket it sells: a discount with `ticketIds` applies only to lines of those tickets. */
  ticketId?: string;
}

export type Discount = {
  /** Echoed back in `applied`, to say which coupon or discount took effect. */
  id?: string;
  /** Can be used together with other combinable discounts (spec §3 Coupon "can be combined"). */
  combinable: boolean;
  /** The tickets it applies to; absent or null: every line. */
  ticketIds?: readonly string[] | null;
} & ({ kind: "amount_off"; amountCents: number } | { kind: "percent_off"; percentBp: number });

export interface DiscountedLine {
  /** What the discounts took off this line, including tax. */
  discountCents: number;
  /** The line before discounts. */
  before: LineAmounts;
}

export interface AppliedDiscount {
  discount: Discount;
  /** What it took off the order, including tax (0 when its lines were already free). */
  amountCents: number;
}

export interface DiscountResult<L extends PricedLine> {
  /** The lines after discounts, in the input order, each with its new amounts. */
  lines: (L & DiscountedLine)[];
  /** The discounts that took effect, in the order they were applied; those left out are not listed. */
  applied: AppliedDiscount[];
  /** The sum of every line's discountCents. */
  discountCents: number;
}

function assertDiscount(discount: Discount): void {
  if (discount.kind === "amount_off") {
    assertCents("amountCents", discount.amountCents);
  } else if (discount.kind === "percent_off") {
    if (!Number.isSafeInteger(discount.percentBp) || discount.percentBp < 0 || discount.percentBp > PERCENT_BP_MAX) {
      throw new RangeError(`percentBp must be an integer from 0 to 10000: ${discount.percentBp}`);
    }
  } else {
    throw new TypeError(`unknown discount kind: ${(discount as { kind: unknown }).kind}`);
  }
}

function assertLine(line: PricedLine, index: number): void {
  assertRate(`lines[${index}].taxRateBp`, line.taxRateBp);
  assertQuantity(`lines[${index}].quantity`, line.quantity);
  assertCents(`lines[${index}].excludingCents`, line.excludingCents);
  assertCents(`lines[${index}].taxCents`, line.taxCents);
  assertCents(`lines[${index}].includingCents`, line.includingCents);
  if (line.excludingCents + line.taxCents !== line.includingCents) {
    throw new RangeError(`lines[${index}]: excludingCents + taxCents must equal includingCents`);
  }
}

function appliesTo(discount: Discount, line: PricedLine): boolean {
  if (discount.ticketIds === undefined || discount.ticketIds === null) return true;
  return line.ticketId !== undefined && discount.ticketIds.includes(line.ticketId);
}

/**
 * Spreads `amountCents` over `amounts` in proportion to them, never more than each amount: the shares sum to
 * min(amountCents, sum of amounts). Largest remainder method: each share is floored, then the cents left go one
 * by one to the largest fractional parts, ties to the earlier index — deterministic.
 */
export function spreadProportionally(amountCents: number, amounts: readonly number[]): number[] {
  assertCents("amountCents", amountCents);
  amounts.forEach((a, i) => assertCents(`amounts[${i}]`, a));
  const total = amounts.reduce((s, a) => s + a, 0);
  if (amountCents >= total) return [...amounts];
  const d = BigInt(amountCents);
  const t = BigInt(total);
  const shares = amounts.map((a) => Number((d * BigInt(a)) / t));
  const remainders = amounts.map((a, index) => ({ index, remainder: (d * BigInt(a)) % t }));
  let left = amountCents - shares.reduce((s, a) => s + a, 0);
  remainders.sort((x, y) => (x.remainder === y.remainder ? x.index - y.index : x.remainder > y.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** One set of discounts applied together on the including amounts; returns each line's discount. */
function applyTogether(lines: readonly PricedLine[], discounts: readonly Discount[]) {
  const remaining = lines.map((l) => l.includingCents);
  const applied: AppliedDiscount[] = [];
  // Percent offs first, each on the lines' amounts before any discount, added up (at most 100 % of a line).
  const percents = discounts.filter((d) => d.kind === "percent_off");
  for (const discount of percents) {
    let amountCents = 0;
    lines.forEach((line, i) => {
      if (!appliesTo(discount, line)) return;
      const off = Math.min(
        remaining[i]!,
        divideRounded(BigInt(line.includingCents) * BigInt(discount.percentBp), 10_000),
      );
      remaining[i]! -= off;
      amountCents += off;
    });
    applied.push({ discount, amountCents });
  }
  // Then amounts off, in the order given, each spread over its lines in proportion to what is left of them.
  for (const discount of discounts) {
    if (discount.kind !== "amount_off") continue;
    const indexes = lines.flatMap((line, i) => (appliesTo(discount, line) ? [i] : []));
    const shares = spreadProportionally(
      discount.amountCents,
      indexes.map((i) => remaining[i]!),
    );
    let amountCents = 0;
    indexes.forEach((lineIndex, k) => {
      remaining[lineIndex]! -= shares[k]!;
      amountCents += shares[k]!;
    });
    applied.push({ discount, amountCents });
  }
  const total = applied.reduce((s, a) => s + a.amountCents, 0);
  return { remaining, applied, total };
}

/**
 * Applies coupons and discounts to an order's lines.
 *
 * Stacking rule (spec §3: a coupon "can be combined with other coupons" or not): every combinable discount
 * applies together; a non-combinable one applies alone. So the candidates are the set of all combinable
 * discounts, and each non-combinable discount on its own; the one that takes the most off the order wins
 * (the buyer gets the best price), ties going to the combinable set, then to the earlier discount.
 *
 * Within a set: percent offs apply first, each computed on the line's including amount before discounts
 * (rounded per line; two 60 % coupons free the line, not more); amounts off then apply in the given order,
 * each spread over the lines it applies to in proportion to what is left of them (spreadProportionally).
 * No line goes below zero, and the order's discount never exceeds its total. Each line's excluding amount and
 * VAT are derived again from its discounted including amount (splitIncluding); an undiscounted line keeps
 * its amounts as given.
 */
export function applyDiscounts<L extends PricedLine>(
  lines: readonly L[],
  discounts: readonly Discount[],
): DiscountResult<L> {
  lines.forEach(assertLine);
  discounts.forEach(assertDiscount);
  const candidates: Discount[][] = [];
  const combinable = discounts.filter((d) => d.combinable);
  if (combinable.length > 0) candidates.push(combinable);
  for (const discount of discounts) if (!discount.combinable) candidates.push([discount]);

  let best = { remaining: lines.map((l) => l.includingCents), applied: [] as AppliedDiscount[], total: 0 };
  let chosen = false;
  for (const candidate of candidates) {
    const result = applyTogether(lines, candidate);
    if (!chosen || result.total > best.total) {
      best = result;
      chosen = true;
    }
  }

  const out = lines.map((line, i) => {
    const includingCents = best.remaining[i]!;
    const before: LineAmounts = {
      excludingCents: line.excludingCents,
      taxCents: line.taxCents,
      includingCents: line.includingCents,
    };
    const amounts = includingCents === line.includingCents ? before : splitIncluding(includingCents, line.taxRateBp);
    return { ...line, ...amounts, discountCents: line.includingCents - includingCents, before };
  });
  return { lines: out, applied: best.applied, discountCents: best.total };
}

// ---- totals -------------------------------------------------------------------------------------

export interface VatRateTotal {
  /** null: the lines without VAT. */
  taxRateBp: number | null;
  baseCents: number;
  taxCents: number;
  totalCents: number;
}

export interface OrderTotals {
  excludingCents: number;
  taxCents: number;
  includingCents: number;
  /** One entry per rate present in the lines, by increasing rate, the lines without VAT (null) first. */
  vatBreakdown: VatRateTotal[];
}

/** An order's totals: sums of its lines (no rounding here), and the VAT breakdown per rate. */
export function orderTotals(lines: readonly (LineAmounts & { taxRateBp: number | null })[]): OrderTotals {
  const byRate = new Map<number | null, VatRateTotal>();
  let excludingCents = 0;
  let taxCents = 0;
  let includingCents = 0;
  lines.forEach((line, i) => {
    assertRate(`lines[${i}].taxRateBp`, line.taxRateBp);
    assertCents(`lines[${i}].excludingCents`, line.excludingCents);
    assertCents(`lines[${i}].taxCents`, line.taxCents);
    assertCents(`lines[${i}].includingCents`, line.includingCents);
    if (line.excludingCents + line.taxCents !== line.includingCents) {
      throw new RangeError(`lines[${i}]: excludingCents + taxCents must equal includingCents`);
    }
    excludingCents += line.excludingCents;
    taxCents += line.taxCents;
    includingCents += line.includingCents;
    const entry = byRate.get(line.taxRateBp) ?? { taxRateBp: line.taxRateBp, baseCents: 0, taxCents: 0, totalCents: 0 };
    entry.baseCents += line.excludingCents;
    entry.taxCents += line.taxCents;
    entry.totalCents += line.includingCents;
    byRate.set(line.taxRateBp, entry);
  });
  const vatBreakdown = [...byRate.values()].sort((a, b) =>
    a.taxRateBp === null ? -1 : b.taxRateBp === null ? 1 : a.taxRateBp - b.taxRateBp,
  );
  return { excludingCents, taxCents, includingCents, vatBreakdown };
}

// ---- refunds ------------------------------------------------------------------------------------

export interface RefundItem {
  /** The index of the line in `lines`. */
  line: number;
  /** How many of its units; absent: every unit not refunded yet. */
  quantity?: number;
}

export interface RefundableLine extends PricedLine {
  /** Units of this line already refunded (0 when absent). */
  refundedQuantity?: number;
}

export interface RefundLine extends LineAmounts {
  line: number;
  quantity: number;
  taxRateBp: number | null;
}

export interface RefundAmounts extends OrderTotals {
  lines: RefundLine[];
}

/** Line amount × n / quantity, rounded: the amount paid for the first n units of a line. */
function paidForUnits(amountCents: number, units: number, quantity: number): number {
  return divideRounded(BigInt(amountCents) * BigInt(units), quantity);
}

/** The VAT in the first `paidCents` of a line: round(line VAT × paidCents / line including), 0 for a free line. */
function taxOfPaid(line: LineAmounts, paidCents: number): number {
  if (line.includingCents === 0) return 0;
  return divideRounded(BigInt(line.taxCents) * BigInt(paidCents), line.includingCents);
}

/**
 * The amounts to refund for some units of an order's lines (as paid: after discounts). Units are refunded at
 * the line's paid price: refunding units r+1 … r+q of a line of quantity Q and paid amount A (r already
 * refunded) gives P(r+q) − P(r) including tax, where P(n) = round(A × n / Q) is what the first n units cost;
 * its VAT is V(P(r+q)) − V(P(r)), where V(p) = round(line VAT × p / A), and its excluding amount the rest. P and
 * V never decrease, nor does p − V(p), so no refund amount is negative; and however a line is refunded, in one
 * go or unit by unit, its refunds add up to exactly what was paid for it (including, excluding and VAT), never
 * more. `items` absent: everything not refunded yet. Throws a
 * RangeError for an unknown line, a line listed twice, or more units than are left to refund.
 */
export function refundAmounts(lines: readonly RefundableLine[], items?: readonly RefundItem[]): RefundAmounts {
  lines.forEach(assertLine);
  const wanted: RefundItem[] =
    items === undefined ? lines.map((_line, line) => ({ line })) : items.map((item) => ({ ...item }));
  const seen = new Set<number>();
  const out: RefundLine[] = [];
  for (const item of wanted) {
    const line = lines[item.line];
    if (!Number.isSafeInteger(item.line) || line === undefined) {
      throw new RangeError(`refund item for an unknown line: ${item.line}`);
    }
    if (seen.has(item.line)) throw new RangeError(`line ${item.line} is listed twice in the refund`);
    seen.add(item.line);
    const refunded = line.refundedQuantity ?? 0;
    assertQuantity(`lines[${item.line}].refundedQuantity`, refunded);
    if (refunded > line.quantity) {
      throw new RangeError(`lines[${item.line}]: more units refunded than bought`);
    }
    const quantity = item.quantity ?? line.quantity - refunded;
    assertQuantity(`refund quantity of line ${item.line}`, quantity);
    if (refunded + quantity > line.quantity) {
      throw new RangeError(`line ${item.line}: ${quantity} units asked, ${line.quantity - refunded} left to refund`);
    }
    if (quantity === 0) continue;
    const paidBefore = paidForUnits(line.includingCents, refunded, line.quantity);
    const paidThrough = paidForUnits(line.includingCents, refunded + quantity, line.quantity);
    const includingCents = paidThrough - paidBefore;
    const taxCents = taxOfPaid(line, paidThrough) - taxOfPaid(line, paidBefore);
    const excludingCents = includingCents - taxCents;
    out.push({
      line: item.line,
      quantity,
      taxRateBp: line.taxRateBp,
      excludingCents,
      taxCents,
      includingCents,
    });
  }
  return { ...orderTotals(out), lines: out };
}
