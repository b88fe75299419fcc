import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  discountRefusal,
  discountsFor,
  matchingQuantity,
  type AutomaticDiscount,
  type OrderLine,
} from "./discountsFor.ts";
import { applyDiscounts, lineAmounts, orderTotals, type Discount } from "./money.ts";

/*
 * Property tests of the automatic discounts (spec §7 `discounts`): which apply, and that what they take off, through
 * applyDiscounts, keeps every line between zero and its price and the order's total the sum of its lines.
 */

const RUNS = { numRuns: 300 };

const ticketId: fc.Arbitrary<string> = fc.constantFrom("early", "standard", "vip", "dinner");
const rate = fc.oneof(fc.constantFrom(null, 0, 550, 1000, 2000), fc.integer({ min: 0, max: 10_000 }));

const orderLine: fc.Arbitrary<OrderLine> = fc
  .record({
    unit: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 50_000 })),
    taxRateBp: rate,
    quantity: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 20 })),
    ticketId,
  })
  .map(({ unit, taxRateBp, quantity, ticketId }) => ({
    ...lineAmounts({ unitIncludingCents: unit, taxRateBp, quantity }),
    taxRateBp,
    quantity,
    ticketId,
  }));
const order = fc.array(orderLine, { maxLength: 8 });

const BASE = Date.UTC(2026, 11, 1);
const HOUR = 3_600_000;
const time = fc.integer({ min: 0, max: 48 }).map((h) => new Date(BASE + h * HOUR));

const automaticDiscount: fc.Arbitrary<AutomaticDiscount> = fc
  .record({
    id: fc.uuid(),
    percent: fc.boolean(),
    amountOffCents: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 100_000_000 })),
    percentOffBp: fc.oneof(fc.constantFrom(500, 1000, 5000, 10_000), fc.integer({ min: 1, max: 10_000 })),
    ticketIds: fc.uniqueArray(ticketId, { maxLength: 3 }),
    minQuantity: fc.integer({ min: 1, max: 12 }),
    validFrom: fc.option(time, { nil: null }),
    validFor: fc.option(fc.integer({ min: 1, max: 48 }), { nil: null }),
    maxUses: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    usedCount: fc.integer({ min: 0, max: 6 }),
    isActive: fc.boolean(),
    combinableWithCoupons: fc.boolean(),
    position: fc.integer({ min: 0, max: 5 }),
  })
  .map(({ percent, amountOffCents, percentOffBp, validFrom, validFor, ...rest }) => ({
    ...rest,
    amountOffCents: percent ? null : amountOffCents,
    percentOffBp: percent ? percentOffBp : null,
    validFrom,
    validUntil: validFor === null ? null : new Date((validFrom?.getTime() ?? BASE) + validFor * HOUR),
  }));
const automaticDiscounts = fc.array(automaticDiscount, { maxLength: 6 });

const coupon: fc.Arbitrary<Discount> = fc.oneof(
  fc.record({
    kind: fc.constant("amount_off" as const),
    amountCents: fc.integer({ min: 0, max: 100_000 }),
    combinable: fc.boolean(),
    ticketIds: fc.option(fc.uniqueArray(ticketId, { maxLength: 3 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant("percent_off" as const),
    percentBp: fc.integer({ min: 0, max: 10_000 }),
    combinable: fc.boolean(),
    ticketIds: fc.option(fc.uniqueArray(ticketId, { maxLength: 3 }), { nil: undefined }),
  }),
);
const coupons = fc.array(coupon, { maxLength: 3 });

const sum = <T>(items: readonly T[], amount: (item: T) => number) => items.reduce((s, i) => s + amount(i), 0);

describe("automatic discounts", () => {
  it("never make a line negative nor raise it, and the total is still the sum of the lines", () => {
    fc.assert(
      fc.property(order, automaticDiscounts, coupons, time, (lines, automatic, codes, at) => {
        const result = applyDiscounts(lines, [...discountsFor(automatic, lines, at), ...codes]);
        result.lines.forEach((line, i) => {
          expect(line.includingCents).toBeGreaterThanOrEqual(0);
          expect(line.excludingCents).toBeGreaterThanOrEqual(0);
          expect(line.taxCents).toBeGreaterThanOrEqual(0);
          expect(line.includingCents).toBeLessThanOrEqual(lines[i]!.includingCents);
          expect(line.excludingCents + line.taxCents).toBe(line.includingCents);
          expect(line.discountCents).toBe(lines[i]!.includingCents - line.includingCents);
        });
        const totals = orderTotals(result.lines);
        expect(totals.includingCents).toBe(sum(result.lines, (l) => l.includingCents));
        expect(totals.excludingCents).toBe(sum(result.lines, (l) => l.excludingCents));
        expect(totals.taxCents).toBe(sum(result.lines, (l) => l.taxCents));
        expect(totals.includingCents + result.discountCents).toBe(sum(lines, (l) => l.includingCents));
        expect(result.discountCents).toBe(sum(result.applied, (a) => a.amountCents));
      }),
      RUNS,
    );
  });

  it("returns exactly the discounts whose every condition holds, each once, by position", () => {
    fc.assert(
      fc.property(order, automaticDiscounts, time, (lines, automatic, at) => {
        const found = discountsFor(automatic, lines, at);
        const expected = automatic.filter(
          (d) =>
            d.isActive &&
            (d.validFrom === null || d.validFrom.getTime() <= at.getTime()) &&
            (d.validUntil === null || at.getTime() < d.validUntil.getTime()) &&
            (d.maxUses === null || d.usedCount < d.maxUses) &&
            matchingQuantity(d, lines) >= d.minQuantity,
        );
        expect(found.map((d) => d.id).sort()).toEqual(expected.map((d) => d.id).sort());
        const positions = found.map((d) => automatic.find((a) => a.id === d.id)!.position);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        for (const d of automatic) expect(discountRefusal(d, lines, at) === null).toBe(expected.includes(d));
      }),
      RUNS,
    );
  });

  it("keeps each discount's kind, amount, tickets and combinability", () => {
    fc.assert(
      fc.property(order, automaticDiscounts, time, (lines, automatic, at) => {
        for (const d of discountsFor(automatic, lines, at)) {
          const source = automatic.find((a) => a.id === d.id)!;
          expect(d.combinable).toBe(source.combinableWithCoupons);
          expect(d.ticketIds ?? []).toEqual(source.ticketIds);
          if (d.kind === "percent_off") expect(d.percentBp).toBe(source.percentOffBp);
          else expect(d.amountCents).toBe(source.amountOffCents);
        }
      }),
      RUNS,
    );
  });

  it("does not depend on the order of the discounts, and more matching tickets never take one away", () => {
    fc.assert(
      fc.property(order, automaticDiscounts, time, orderLine, (lines, automatic, at, extra) => {
        const found = discountsFor(automatic, lines, at);
        expect(discountsFor([...automatic].reverse(), lines, at)).toEqual(found);
        const more = discountsFor(automatic, [...lines, extra], at).map((d) => d.id);
        for (const d of found) expect(more).toContain(d.id);
      }),
      RUNS,
    );
  });

  it("a discount only takes off the lines of the tickets it applies to", () => {
    fc.assert(
      fc.property(order, automaticDiscounts, time, (lines, automatic, at) => {
        const found = discountsFor(automatic, lines, at);
        const result = applyDiscounts(lines, found);
        const covered = new Set(
          result.applied.flatMap((a) =>
            a.discount.ticketIds ? [...a.discount.ticketIds] : lines.map((l) => l.ticketId),
          ),
        );
        result.lines.forEach((line) => {
          if (!covered.has(line.ticketId)) expect(line.discountCents).toBe(0);
        });
      }),
      RUNS,
    );
  });
});
