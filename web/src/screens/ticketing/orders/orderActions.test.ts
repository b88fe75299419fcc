import { describe, expect, it } from "vitest";
import type { OrderItemJson } from "@/queries/ticketingOrders.ts";
import { offeredActions } from "./orderActions.ts";

const item = (quantity: number, refundedQuantity: number): OrderItemJson => ({
  id: "i",
  ticketId: "t",
  caption: "Pass",
  holderGuestId: null,
  holderName: null,
  quantity,
  refundedQuantity,
  unitPriceInclTaxCents: 100,
  unitPriceExclTaxCents: 100,
  taxPercent: null,
});

describe("the order page's buttons", () => {
  it("are the actions the API allows, in the page's order, for an actor who may change the event", () => {
    expect(offeredActions({ actions: ["cancel", "confirm"], items: [item(1, 0)] }, true)).toEqual([
      "confirm",
      "cancel",
    ]);
    expect(offeredActions({ actions: ["pay", "await", "cancel"], items: [item(1, 0)] }, true)).toEqual([
      "await",
      "cancel",
    ]);
    expect(offeredActions({ actions: ["confirm", "refund"], items: [item(1, 0)] }, false)).toEqual([]);
  });

  it("offer no refund once every unit is refunded", () => {
    expect(offeredActions({ actions: ["refund"], items: [item(2, 2)] }, true)).toEqual([]);
    expect(offeredActions({ actions: ["refund"], items: [item(2, 1)] }, true)).toEqual(["refund"]);
  });
});
