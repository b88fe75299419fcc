import { describe, expect, it } from "vitest";
import type { OrderItemJson } from "@/queries/ticketingOrders.ts";
import { refundableItems, refundableUnits, refundBodyOf, unitsOf, unitsRefunded } from "./refundForm.ts";

const item = (id: string, quantity: number, refundedQuantity = 0): OrderItemJson => ({
  id,
  ticketId: "t",
  caption: id,
  holderGuestId: null,
  holderName: null,
  quantity,
  refundedQuantity,
  unitPriceInclTaxCents: 1_200,
  unitPriceExclTaxCents: 1_000,
  taxPercent: 20,
});

const items = [item("pass", 2), item("dinner", 3, 1), item("gone", 1, 1)];

describe("the refund modal", () => {
  it("offers the items with a unit left, and how many", () => {
    expect(refundableItems(items).map((one) => one.id)).toEqual(["pass", "dinner"]);
    expect(refundableUnits(items[1]!)).toBe(2);
    expect(refundableUnits(items[2]!)).toBe(0);
  });

  it("sends no items for a full refund: the API refunds every unit left", () => {
    expect(refundBodyOf({ mode: "full", quantities: {} }, items)).toEqual({ body: {} });
    expect(unitsRefunded({ mode: "full", quantities: {} }, items)).toBe(4);
  });

  it("sends the items chosen with their quantities for a partial refund", () => {
    const values = { mode: "partial" as const, quantities: { pass: "1", dinner: "", gone: "1" } };
    expect(refundBodyOf(values, items)).toEqual({ body: { items: [{ itemId: "pass", quantity: 1 }] } });
    expect(unitsRefunded(values, items)).toBe(1);
  });

  it("refuses a partial refund of nothing with the spec's message, as the API would", () => {
    expect(refundBodyOf({ mode: "partial", quantities: {} }, items)).toEqual({
      problem: "ticketing.orders.refund.needsItem",
    });
    expect(refundBodyOf({ mode: "partial", quantities: { pass: "0" } }, items)).toEqual({
      problem: "ticketing.orders.refund.needsItem",
    });
    expect(refundBodyOf({ mode: "full", quantities: {} }, [item("gone", 1, 1)])).toEqual({
      problem: "ticketing.orders.refund.needsItem",
    });
  });

  it("refuses more units than are left, or what is not a whole number, naming the item", () => {
    expect(refundBodyOf({ mode: "partial", quantities: { dinner: "3" } }, items)).toEqual({
      problem: "ticketing.orders.refund.quantityInvalid",
      itemId: "dinner",
    });
    expect(refundBodyOf({ mode: "partial", quantities: { pass: "1.5" } }, items)).toMatchObject({ itemId: "pass" });
    expect(unitsOf(" 2 ", 2)).toBe(2);
    expect(unitsOf("", 2)).toBe(0);
    expect(unitsOf("-1", 2)).toBeUndefined();
  });
});
