import { describe, expect, it } from "vitest";
import {
  applyDiscounts,
  divideRounded,
  lineAmounts,
  orderTotals,
  priceExcludingTax,
  priceIncludingTax,
  refundAmounts,
  spreadProportionally,
  type Discount,
  type PricedLine,
} from "./money.ts";

/** A line priced including tax, as a ticket's price after taxes. */
function line(unitIncludingCents: number, taxRateBp: number | null, quantity = 1, ticketId?: string): PricedLine {
  return { ...lineAmounts({ unitIncludingCents, taxRateBp, quantity }), taxRateBp, quantity, ticketId };
}

describe("rounding: half away from zero on the cent", () => {
  it.each([
    [5, 10, 1], // 0.5 → 1
    [15, 10, 2], // 1.5 → 2
    [25, 10, 3], // 2.5 → 3 (banker's rounding would give 2)
    [24, 10, 2],
    [26, 10, 3],
    [-25, 10, -3],
    [0, 7, 0],
  ])("%i / %i → %i", (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });

  it("is exact past 2^53 (no floating point)", () => {
    expect(divideRounded(10n ** 20n + 5n, 10n)).toBe(10 ** 19 + 1);
  });
});

describe("French VAT rates", () => {
  it.each([
    // [excluding, rate, including]
    [10000, 2000, 12000], // 20 %: 100 € → 120 €
    [1234, 2000, 1481], // 246.8 → 247
    [5000, 1000, 5500], // 10 %
    [25, 1000, 28], // 2.5 cents of VAT → 3
    [2000, 550, 2110], // 5.5 %
    [1000, 550, 1055],
    [10000, 210, 10210], // 2.1 %
    [1, 210, 1], // 0.021 cent → 0
    [10000, null, 10000], // no VAT
    [10000, 0, 10000],
  ])("%i excluding at %s bp → %i including", (excluding, rate, including) => {
    expect(priceIncludingTax(excluding, rate)).toBe(including);
    expect(priceExcludingTax(including, rate)).toBe(excluding);
  });

  it("derives excluding from a price including tax", () => {
    expect(priceExcludingTax(1000, 2000)).toBe(833); // 833.33
    expect(priceExcludingTax(1000, 1000)).toBe(909); // 909.09
    expect(priceExcludingTax(1000, 550)).toBe(948); // 947.87
    expect(priceExcludingTax(1000, 210)).toBe(979); // 979.43
    expect(priceExcludingTax(1000, null)).toBe(1000);
    // An including price with no exact excluding price in cents comes back within one cent.
    expect(priceIncludingTax(priceExcludingTax(1000, 2000), 2000)).toBe(1000);
    expect(priceIncludingTax(priceExcludingTax(11, 2000), 2000)).toBe(11);
  });

  it("rounds a line once, not each unit", () => {
    // 3 × 10.00 € at 20 %: 25.00 € excluding, not 3 × 8.33 = 24.99 €.
    expect(lineAmounts({ unitIncludingCents: 1000, taxRateBp: 2000, quantity: 3 })).toEqual({
      excludingCents: 2500,
      taxCents: 500,
      includingCents: 3000,
    });
    // 3 × 0.25 € excluding at 10 %: 0.75 + 0.075 → 0.83 € (per unit it would be 3 × 0.28 = 0.84 €).
    expect(lineAmounts({ unitExcludingCents: 25, taxRateBp: 1000, quantity: 3 })).toEqual({
      excludingCents: 75,
      taxCents: 8,
      includingCents: 83,
    });
  });

  it("needs exactly one unit price and refuses what is not cents", () => {
    expect(() => lineAmounts({ taxRateBp: 2000, quantity: 1 })).toThrow(TypeError);
    expect(() => lineAmounts({ unitIncludingCents: 1, unitExcludingCents: 1, taxRateBp: 2000, quantity: 1 })).toThrow(
      TypeError,
    );
    expect(() => priceIncludingTax(10.5, 2000)).toThrow(RangeError);
    expect(() => priceIncludingTax(-1, 2000)).toThrow(RangeError);
    expect(() => priceIncludingTax(100, 20.5)).toThrow(RangeError);
    expect(() => priceIncludingTax(100, 10001)).toThrow(RangeError);
    expect(() => lineAmounts({ unitIncludingCents: 100, taxRateBp: 2000, quantity: 1.5 })).toThrow(RangeError);
  });
});

describe("order totals and the VAT breakdown", () => {
  it("adds lines up per rate, no VAT first", () => {
    const totals = orderTotals([line(12000, 2000, 2), line(1000, 2000), line(5500, 1000), line(3000, null)]);
    expect(totals).toEqual({
      excludingCents: 20000 + 833 + 5000 + 3000,
      taxCents: 4000 + 167 + 500,
      includingCents: 24000 + 1000 + 5500 + 3000,
      vatBreakdown: [
        { taxRateBp: null, baseCents: 3000, taxCents: 0, totalCents: 3000 },
        { taxRateBp: 1000, baseCents: 5000, taxCents: 500, totalCents: 5500 },
        { taxRateBp: 2000, baseCents: 20833, taxCents: 4167, totalCents: 25000 },
      ],
    });
  });

  it("an empty order is zero", () => {
    expect(orderTotals([])).toEqual({ excludingCents: 0, taxCents: 0, includingCents: 0, vatBreakdown: [] });
  });
});

describe("discounts", () => {
  const amountOff = (amountCents: number, combinable = true, ticketIds?: string[]): Discount => ({
    kind: "amount_off",
    amountCents,
    combinable,
    ticketIds,
  });
  const percentOff = (percentBp: number, combinable = true, ticketIds?: string[]): Discount => ({
    kind: "percent_off",
    percentBp,
    combinable,
    ticketIds,
  });

  it("a percent off lowers the VAT with the price", () => {
    const result = applyDiscounts([line(12000, 2000)], [percentOff(1000)]);
    expect(result.lines[0]).toMatchObject({
      excludingCents: 9000,
      taxCents: 1800,
      includingCents: 10800,
      discountCents: 1200,
    });
    expect(result.discountCents).toBe(1200);
  });

  it("spreads an amount off in proportion, the cents left to the largest remainders then the first lines", () => {
    expect(spreadProportionally(1000, [3000, 1000])).toEqual([750, 250]);
    expect(spreadProportionally(100, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    expect(spreadProportionally(100, [1000, 2000, 0])).toEqual([33, 67, 0]);
    expect(spreadProportionally(5000, [1000, 2000])).toEqual([1000, 2000]);
    const result = applyDiscounts([line(1000, 2000), line(1000, 550), line(1000, null)], [amountOff(100)]);
    expect(result.lines.map((l) => l.includingCents)).toEqual([966, 967, 967]);
  });

  it("never goes below zero nor takes more than the order", () => {
    const result = applyDiscounts([line(1000, 2000), line(500, 1000)], [amountOff(10000), percentOff(5000)]);
    expect(result.lines.map((l) => [l.excludingCents, l.taxCents, l.includingCents])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(result.discountCents).toBe(1500);
    const twoPercents = applyDiscounts([line(1000, 2000)], [percentOff(6000), percentOff(6000)]);
    expect(twoPercents.lines[0]!.includingCents).toBe(0);
    expect(twoPercents.applied.map((a) => a.amountCents)).toEqual([600, 400]);
  });

  it("combinable discounts add up; a non-combinable one applies alone; the best for the buyer wins", () => {
    const order = [line(10000, 2000)];
    // 10 % + 5 € = 15 € against 20 % alone = 20 €: the non-combinable one wins.
    const bestAlone = applyDiscounts(order, [percentOff(1000), amountOff(500), percentOff(2000, false)]);
    expect(bestAlone.discountCents).toBe(2000);
    expect(bestAlone.applied.map((a) => a.discount)).toEqual([percentOff(2000, false)]);
    // 10 % + 15 € = 25 € against 20 % alone: the combinable set wins, percent first then amount.
    const bestTogether = applyDiscounts(order, [amountOff(1500), percentOff(1000), percentOff(2000, false)]);
    expect(bestTogether.discountCents).toBe(2500);
    expect(bestTogether.applied.map((a) => a.amountCents)).toEqual([1000, 1500]);
    // Two non-combinable ones never stack.
    const twoAlone = applyDiscounts(order, [amountOff(700, false), amountOff(900, false)]);
    expect(twoAlone.discountCents).toBe(900);
    // A tie goes to the combinable set, then to the earlier discount.
    expect(applyDiscounts(order, [amountOff(500, false), amountOff(500)]).applied[0]!.discount.combinable).toBe(true);
    expect(
      applyDiscounts(order, [
        { ...amountOff(500, false), id: "a" },
        { ...amountOff(500, false), id: "b" },
      ]).applied[0]!.discount.id,
    ).toBe("a");
  });

  it("a coupon for some tickets discounts only their lines", () => {
    const result = applyDiscounts(
      [line(2000, 2000, 1, "vip"), line(1000, 2000, 1, "standard")],
      [percentOff(5000, true, ["vip"]), amountOff(300, true, ["vip"])],
    );
    expect(result.lines.map((l) => l.includingCents)).toEqual([700, 1000]);
  });

  it("keeps a line untouched when no discount applies", () => {
    const order = [{ ...line(1000, 2000), extra: "kept" }];
    const result = applyDiscounts(order, []);
    expect(result.lines[0]).toEqual({
      ...order[0],
      discountCents: 0,
      before: lineAmounts({ unitIncludingCents: 1000, taxRateBp: 2000, quantity: 1 }),
    });
    expect(result.applied).toEqual([]);
  });
});

describe("refunds", () => {
  it("refunds units at the price paid, and all of them add up to the line", () => {
    const order = [line(1000, 2000, 3), line(5500, 1000)];
    const first = refundAmounts(order, [{ line: 0, quantity: 1 }]);
    expect(first.lines).toEqual([
      { line: 0, quantity: 1, taxRateBp: 2000, excludingCents: 833, taxCents: 167, includingCents: 1000 },
    ]);
    const rest = refundAmounts([{ ...order[0]!, refundedQuantity: 1 }, order[1]!]);
    expect(rest.lines).toEqual([
      { line: 0, quantity: 2, taxRateBp: 2000, excludingCents: 1667, taxCents: 333, includingCents: 2000 },
      { line: 1, quantity: 1, taxRateBp: 1000, excludingCents: 5000, taxCents: 500, includingCents: 5500 },
    ]);
    expect(first.includingCents + rest.includingCents).toBe(orderTotals(order).includingCents);
    expect(rest.vatBreakdown.map((v) => v.taxRateBp)).toEqual([1000, 2000]);
  });

  it("no refund amount is ever negative, even for a few cents over many units", () => {
    // 3 units paid 0.02 € in all, 0.01 € of it VAT (100 %): unit by unit, each refund stays consistent.
    const paid = { excludingCents: 1, taxCents: 1, includingCents: 2, taxRateBp: 10000, quantity: 3 };
    const steps = [0, 1, 2].map((refundedQuantity) =>
      refundAmounts([{ ...paid, refundedQuantity }], [{ line: 0, quantity: 1 }]),
    );
    expect(steps.map((s) => [s.excludingCents, s.taxCents, s.includingCents])).toEqual([
      [0, 1, 1],
      [0, 0, 0],
      [1, 0, 1],
    ]);
  });

  it("refunds what was paid after discounts", () => {
    const { lines } = applyDiscounts(
      [line(1000, 2000, 2)],
      [{ kind: "amount_off", amountCents: 501, combinable: true }],
    );
    expect(refundAmounts(lines, [{ line: 0, quantity: 1 }]).includingCents).toBe(750); // 749.5 → 750
    expect(refundAmounts(lines).includingCents).toBe(1499);
  });

  it("refuses more units than are left, unknown lines and a line listed twice", () => {
    const order = [{ ...line(1000, 2000, 2), refundedQuantity: 1 }];
    expect(() => refundAmounts(order, [{ line: 0, quantity: 2 }])).toThrow(RangeError);
    expect(() => refundAmounts(order, [{ line: 1 }])).toThrow(RangeError);
    expect(() => refundAmounts(order, [{ line: 0 }, { line: 0 }])).toThrow(RangeError);
    expect(refundAmounts([{ ...order[0]!, refundedQuantity: 2 }]).includingCents).toBe(0);
  });
});
