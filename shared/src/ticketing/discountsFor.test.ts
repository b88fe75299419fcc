import { describe, expect, it } from "vitest";
import { discountRefusal, discountsFor, type AutomaticDiscount, type OrderLine } from "./discountsFor.ts";
import { applyDiscounts, lineAmounts } from "./money.ts";

/* Examples of which automatic discounts apply (spec §7 `discounts`); the properties are in discountsFor.property.test.ts. */

const NOW = new Date("2026-12-10T12:00:00.000Z");

function automatic(overrides: Partial<AutomaticDiscount> = {}): AutomaticDiscount {
  return {
    id: "d1",
    amountOffCents: null,
    percentOffBp: 1000,
    ticketIds: [],
    minQuantity: 1,
    validFrom: null,
    validUntil: null,
    maxUses: null,
    usedCount: 0,
    isActive: true,
    combinableWithCoupons: false,
    position: 0,
    ...overrides,
  };
}

function line(ticketId: string, quantity: number, unitIncludingCents = 5000): OrderLine {
  return { ...lineAmounts({ unitIncludingCents, taxRateBp: 2000, quantity }), taxRateBp: 2000, quantity, ticketId };
}

describe("discountsFor", () => {
  it("applies an active, open discount to every ticket, as applyDiscounts reads it", () => {
    expect(discountsFor([automatic()], [line("pass", 1)], NOW)).toEqual([
      { id: "d1", combinable: false, ticketIds: null, kind: "percent_off", percentBp: 1000 },
    ]);
    const amount = automatic({
      percentOffBp: null,
      amountOffCents: 700,
      ticketIds: ["pass"],
      combinableWithCoupons: true,
    });
    expect(discountsFor([amount], [line("pass", 1)], NOW)).toEqual([
      { id: "d1", combinable: true, ticketIds: ["pass"], kind: "amount_off", amountCents: 700 },
    ]);
  });

  it("needs the minimum quantity of the tickets it applies to, counting every matching line", () => {
    const group = automatic({ ticketIds: ["pass", "day"], minQuantity: 5 });
    expect(discountsFor([group], [line("pass", 2), line("day", 2), line("dinner", 4)], NOW)).toEqual([]);
    expect(discountRefusal(group, [line("pass", 2), line("day", 2)], NOW)).toBe("too_few_tickets");
    expect(discountsFor([group], [line("pass", 2), line("day", 3)], NOW)).toHaveLength(1);
    // Empty ticketIds: every line counts; an order with no units gets nothing.
    expect(discountsFor([automatic({ minQuantity: 3 })], [line("pass", 1), line("dinner", 2)], NOW)).toHaveLength(1);
    expect(discountsFor([automatic()], [line("pass", 0)], NOW)).toEqual([]);
    expect(discountsFor([automatic()], [], NOW)).toEqual([]);
  });

  it("holds from its start (inclusive) to its end (exclusive)", () => {
    const window = automatic({ validFrom: NOW, validUntil: new Date(NOW.getTime() + 1000) });
    expect(discountRefusal(window, [line("pass", 1)], new Date(NOW.getTime() - 1))).toBe("not_started");
    expect(discountRefusal(window, [line("pass", 1)], NOW)).toBeNull();
    expect(discountRefusal(window, [line("pass", 1)], new Date(NOW.getTime() + 999))).toBeNull();
    expect(discountRefusal(window, [line("pass", 1)], new Date(NOW.getTime() + 1000))).toBe("ended");
  });

  it("is left out when inactive or used up", () => {
    expect(discountRefusal(automatic({ isActive: false }), [line("pass", 1)], NOW)).toBe("inactive");
    expect(discountRefusal(automatic({ maxUses: 3, usedCount: 3 }), [line("pass", 1)], NOW)).toBe("used_up");
    expect(discountRefusal(automatic({ maxUses: 3, usedCount: 2 }), [line("pass", 1)], NOW)).toBeNull();
  });

  it("comes out by position, whatever the input's order", () => {
    const found = discountsFor(
      [automatic({ id: "c", position: 2 }), automatic({ id: "b", position: 0 }), automatic({ id: "a", position: 2 })],
      [line("pass", 1)],
      NOW,
    );
    expect(found.map((d) => d.id)).toEqual(["b", "a", "c"]);
  });

  it("a discount not combinable with coupons competes with them; the buyer gets the best", () => {
    const lines = [line("pass", 2)]; // 100.00 €
    const auto = discountsFor([automatic({ percentOffBp: 2000 })], lines, NOW); // 20.00 € off, alone
    const coupon = { id: "coupon", kind: "amount_off" as const, amountCents: 1500, combinable: true };
    const result = applyDiscounts(lines, [...auto, coupon]);
    expect(result.applied.map((a) => a.discount.id)).toEqual(["d1"]);
    expect(result.discountCents).toBe(2000);
    // Combinable with coupons: both apply.
    const stacked = discountsFor([automatic({ percentOffBp: 2000, combinableWithCoupons: true })], lines, NOW);
    expect(applyDiscounts(lines, [...stacked, coupon]).discountCents).toBe(3500);
  });
});
