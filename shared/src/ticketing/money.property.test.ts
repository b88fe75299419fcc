import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyDiscounts,
  lineAmounts,
  MONEY_CENTS_MAX,
  orderTotals,
  priceExcludingTax,
  priceIncludingTax,
  refundAmounts,
  spreadProportionally,
  type Discount,
  type LineAmounts,
  type PricedLine,
} from "./money.ts";

/*
 * Property tests of the money arithmetic (ARCHITECTURE.md: rounding in one place, tested with property tests).
 * fast-check draws the inputs (French rates often, any rate from 0 to 100 % too) and shrinks a failure to a
 * small counterexample.
 */

const RUNS = { numRuns: 300 };

const rate = fc.oneof(fc.constantFrom(null, 0, 210, 550, 1000, 2000), fc.integer({ min: 0, max: 10_000 }));
const cents = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }),
  fc.integer({ min: 0, max: 100_000_000 }),
  fc.integer({ min: 0, max: MONEY_CENTS_MAX / 2 }),
);
const ticketId: fc.Arbitrary<string> = fc.constantFrom("early", "standard", "vip", "dinner");

const pricedLine: fc.Arbitrary<PricedLine> = fc
  .record({
    byIncluding: fc.boolean(),
    unit: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 50_000 })),
    taxRateBp: rate,
    quantity: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 20 })),
    ticketId,
  })
  .map(({ byIncluding, unit, taxRateBp, quantity, ticketId }) => ({
    ...lineAmounts(
      byIncluding
        ? { unitIncludingCents: unit, taxRateBp, quantity }
        : { unitExcludingCents: unit, taxRateBp, quantity },
    ),
    taxRateBp,
    quantity,
    ticketId,
  }));
const order = fc.array(pricedLine, { minLength: 0, maxLength: 8 });

const discount: fc.Arbitrary<Discount> = fc.oneof(
  fc.record({
    kind: fc.constant("amount_off" as const),
    amountCents: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 1_000_000 })),
    combinable: fc.boolean(),
    ticketIds: fc.option(fc.uniqueArray(ticketId, { maxLength: 3 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant("percent_off" as const),
    percentBp: fc.oneof(fc.constantFrom(500, 1000, 2500, 5000, 10_000), fc.integer({ min: 0, max: 10_000 })),
    combinable: fc.boolean(),
    ticketIds: fc.option(fc.uniqueArray(ticketId, { maxLength: 3 }), { nil: undefined }),
  }),
);
const discounts = fc.array(discount, { maxLength: 5 });

function sum<T>(items: readonly T[], amount: (item: T) => number): number {
  return items.reduce((total, item) => total + amount(item), 0);
}

function expectConsistent(amounts: LineAmounts): void {
  expect(Number.isSafeInteger(amounts.excludingCents) && amounts.excludingCents >= 0).toBe(true);
  expect(Number.isSafeInteger(amounts.taxCents) && amounts.taxCents >= 0).toBe(true);
  expect(amounts.excludingCents + amounts.taxCents).toBe(amounts.includingCents);
}

function expectTotalsOfLines(totals: ReturnType<typeof orderTotals>, lines: readonly LineAmounts[]): void {
  expect(totals.excludingCents).toBe(sum(lines, (l) => l.excludingCents));
  expect(totals.taxCents).toBe(sum(lines, (l) => l.taxCents));
  expect(totals.includingCents).toBe(sum(lines, (l) => l.includingCents));
  expectConsistent(totals);
  expect(sum(totals.vatBreakdown, (v) => v.baseCents)).toBe(totals.excludingCents);
  expect(sum(totals.vatBreakdown, (v) => v.taxCents)).toBe(totals.taxCents);
  expect(sum(totals.vatBreakdown, (v) => v.totalCents)).toBe(totals.includingCents);
  for (const entry of totals.vatBreakdown) expect(entry.baseCents + entry.taxCents).toBe(entry.totalCents);
  expect(new Set(totals.vatBreakdown.map((v) => v.taxRateBp)).size).toBe(totals.vatBreakdown.length);
}

describe("prices and VAT", () => {
  it("excluding → including → excluding gives the same cents", () => {
    fc.assert(
      fc.property(cents, rate, (excluding, taxRateBp) => {
        expect(priceExcludingTax(priceIncludingTax(excluding, taxRateBp), taxRateBp)).toBe(excluding);
      }),
      RUNS,
    );
  });

  it("including → excluding → including is within one cent, and exact when the including price is reachable", () => {
    fc.assert(
      fc.property(cents, rate, (including, taxRateBp) => {
        const back = priceIncludingTax(priceExcludingTax(including, taxRateBp), taxRateBp);
        expect(Math.abs(back - including)).toBeLessThanOrEqual(1);
        // Applying it again is stable: a reachable price maps to itself.
        expect(priceIncludingTax(priceExcludingTax(back, taxRateBp), taxRateBp)).toBe(back);
      }),
      RUNS,
    );
  });

  it("VAT is the rate of the excluding price to half a cent, and prices never decrease as the input grows", () => {
    fc.assert(
      fc.property(cents, rate, fc.integer({ min: 0, max: 1000 }), (excluding, taxRateBp, more) => {
        const including = priceIncludingTax(excluding, taxRateBp);
        const exactTaxTimes10000 = excluding * (taxRateBp ?? 0);
        expect(Math.abs((including - excluding) * 10_000 - exactTaxTimes10000)).toBeLessThanOrEqual(5_000);
        const larger = Math.min(excluding + more, MONEY_CENTS_MAX / 2);
        expect(priceIncludingTax(larger, taxRateBp)).toBeGreaterThanOrEqual(including);
        expect(priceExcludingTax(larger, taxRateBp)).toBeGreaterThanOrEqual(priceExcludingTax(excluding, taxRateBp));
      }),
      RUNS,
    );
  });

  it("a line: excluding + VAT = including, the price it was given is kept, the same input gives the same cents", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        rate,
        fc.integer({ min: 0, max: 1000 }),
        (unit, taxRateBp, quantity) => {
          const byIncluding = lineAmounts({ unitIncludingCents: unit, taxRateBp, quantity });
          expectConsistent(byIncluding);
          expect(byIncluding.includingCents).toBe(unit * quantity);
          expect(lineAmounts({ unitIncludingCents: unit, taxRateBp, quantity })).toEqual(byIncluding);
          const byExcluding = lineAmounts({ unitExcludingCents: unit, taxRateBp, quantity });
          expectConsistent(byExcluding);
          expect(byExcluding.excludingCents).toBe(unit * quantity);
          expect(byExcluding.includingCents).toBe(priceIncludingTax(unit * quantity, taxRateBp));
          if (taxRateBp === null || taxRateBp === 0) expect(byIncluding.taxCents).toBe(0);
        },
      ),
      RUNS,
    );
  });
});

describe("order totals", () => {
  it("a total is the sum of its lines, excluding + VAT = including, the VAT breakdown sums to the totals", () => {
    fc.assert(
      fc.property(order, (lines) => {
        const totals = orderTotals(lines);
        expectTotalsOfLines(totals, lines);
        for (const entry of totals.vatBreakdown) {
          const ofRate = lines.filter((l) => l.taxRateBp === entry.taxRateBp);
          expect(entry.totalCents).toBe(sum(ofRate, (l) => l.includingCents));
        }
      }),
      RUNS,
    );
  });

  it("does not depend on the order of the lines", () => {
    fc.assert(
      fc.property(
        order.chain((lines) => fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length }))),
        ([lines, shuffled]) => {
          expect(orderTotals(shuffled)).toEqual(orderTotals(lines));
        },
      ),
      RUNS,
    );
  });
});

describe("discounts", () => {
  it("never make a line negative nor raise it, never exceed the order, and add up", () => {
    fc.assert(
      fc.property(order, discounts, (lines, offers) => {
        const result = applyDiscounts(lines, offers);
        expect(result.lines).toHaveLength(lines.length);
        result.lines.forEach((after, i) => {
          const before = lines[i]!;
          expectConsistent(after);
          expect(after.includingCents).toBeLessThanOrEqual(before.includingCents);
          expect(after.discountCents).toBe(before.includingCents - after.includingCents);
          expect(after.taxRateBp).toBe(before.taxRateBp);
          expect(after.ticketId).toBe(before.ticketId);
          if (after.discountCents === 0) {
            expect([after.excludingCents, after.taxCents]).toEqual([before.excludingCents, before.taxCents]);
          }
        });
        const total = sum(lines, (l) => l.includingCents);
        expect(result.discountCents).toBe(sum(result.lines, (l) => l.discountCents));
        expect(result.discountCents).toBe(sum(result.applied, (a) => a.amountCents));
        expect(result.discountCents).toBeLessThanOrEqual(total);
        expectTotalsOfLines(orderTotals(result.lines), result.lines);
        expect(orderTotals(result.lines).includingCents).toBe(total - result.discountCents);
      }),
      RUNS,
    );
  });

  it("non-combinable discounts never stack, and the buyer gets the best candidate", () => {
    fc.assert(
      fc.property(order, discounts, (lines, offers) => {
        const result = applyDiscounts(lines, offers);
        const nonCombinableApplied = result.applied.filter((a) => !a.discount.combinable);
        if (nonCombinableApplied.length > 0) expect(result.applied).toHaveLength(1);
        for (const alone of offers.filter((d) => !d.combinable)) {
          expect(result.discountCents).toBeGreaterThanOrEqual(applyDiscounts(lines, [alone]).discountCents);
        }
        const together = offers.filter((d) => d.combinable);
        expect(result.discountCents).toBeGreaterThanOrEqual(applyDiscounts(lines, together).discountCents);
        // Stable: the same input gives the same cents.
        expect(applyDiscounts(lines, offers)).toEqual(result);
      }),
      RUNS,
    );
  });

  it("an amount off takes exactly itself (or the whole order), only from the lines it applies to", () => {
    fc.assert(
      fc.property(order, fc.integer({ min: 0, max: 200_000 }), fc.uniqueArray(ticketId), (lines, amountCents, ids) => {
        const result = applyDiscounts(lines, [{ kind: "amount_off", amountCents, combinable: true, ticketIds: ids }]);
        const eligible = sum(
          lines.filter((l) => ids.includes(l.ticketId!)),
          (l) => l.includingCents,
        );
        expect(result.discountCents).toBe(Math.min(amountCents, eligible));
        result.lines.forEach((after, i) => {
          if (!ids.includes(after.ticketId!)) expect(after.includingCents).toBe(lines[i]!.includingCents);
        });
      }),
      RUNS,
    );
  });

  it("a spread is proportional to a cent and never more than each amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 10 }),
        (amountCents, amounts) => {
          const shares = spreadProportionally(amountCents, amounts);
          const total = sum(amounts, (a) => a);
          expect(sum(shares, (s) => s)).toBe(Math.min(amountCents, total));
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(amounts[i]!);
            if (amountCents < total) expect(Math.abs(share - (amountCents * amounts[i]!) / total)).toBeLessThan(1);
          });
          expect(spreadProportionally(amountCents, amounts)).toEqual(shares);
        },
      ),
      RUNS,
    );
  });
});

/** Lines as paid: an order with its discounts applied. */
const paidOrder = fc.tuple(order, discounts).map(([lines, offers]) => applyDiscounts(lines, offers).lines);

describe("refunds", () => {
  it("refunding every item gives back exactly what was paid, per rate too", () => {
    fc.assert(
      fc.property(paidOrder, (lines) => {
        const refund = refundAmounts(lines);
        // Lines of no unit have nothing to refund and are not listed.
        const paid = orderTotals(lines.filter((l) => l.quantity > 0));
        expect(refund.lines.map((l) => l.line)).toEqual(lines.flatMap((l, i) => (l.quantity > 0 ? [i] : [])));
        expect({ ...refund, lines: undefined }).toEqual({ ...paid, lines: undefined });
        refund.lines.forEach((item) => {
          const line = lines[item.line]!;
          expect([item.quantity, item.excludingCents, item.taxCents, item.includingCents]).toEqual([
            line.quantity,
            line.excludingCents,
            line.taxCents,
            line.includingCents,
          ]);
        });
      }),
      RUNS,
    );
  });

  it("partial refunds, in any steps, never exceed what was paid and add up to it at the end", () => {
    const steps = paidOrder.chain((lines) =>
      fc.tuple(fc.constant(lines), fc.array(fc.tuple(fc.nat({ max: 7 }), fc.nat({ max: 20 })), { maxLength: 30 })),
    );
    fc.assert(
      fc.property(steps, ([lines, wishes]) => {
        const refunded = lines.map(() => 0);
        const given = { excludingCents: 0, taxCents: 0, includingCents: 0 };
        const paid = orderTotals(lines);
        const step = (items: { line: number; quantity?: number }[]) => {
          const refund = refundAmounts(
            lines.map((l, i) => ({ ...l, refundedQuantity: refunded[i]! })),
            items,
          );
          for (const item of refund.lines) {
            expectConsistent(item);
            refunded[item.line]! += item.quantity;
          }
          expectTotalsOfLines(refund, refund.lines);
          given.excludingCents += refund.excludingCents;
          given.taxCents += refund.taxCents;
          given.includingCents += refund.includingCents;
          expect(given.includingCents).toBeLessThanOrEqual(paid.includingCents);
          expect(given.excludingCents).toBeLessThanOrEqual(paid.excludingCents);
          expect(given.taxCents).toBeLessThanOrEqual(paid.taxCents);
        };
        for (const [index, wanted] of wishes) {
          if (lines.length === 0) break;
          const line = index % lines.length;
          const left = lines[line]!.quantity - refunded[line]!;
          step([{ line, quantity: Math.min(wanted, left) }]);
        }
        step(lines.map((_l, line) => ({ line }))); // the rest
        expect(given).toEqual({
          excludingCents: paid.excludingCents,
          taxCents: paid.taxCents,
          includingCents: paid.includingCents,
        });
        // Nothing is left: asking for one more unit of any line is refused.
        lines.forEach((_l, line) =>
          expect(() =>
            refundAmounts(
              lines.map((l, i) => ({ ...l, refundedQuantity: refunded[i]! })),
              [{ line, quantity: 1 }],
            ),
          ).toThrow(RangeError),
        );
      }),
      RUNS,
    );
  });
});
