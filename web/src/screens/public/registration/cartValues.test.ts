import { ApiError } from "@tessera/shared/client";
import { describe, expect, it } from "vitest";
import type { OfficeTicketJson, TicketOfficeJson } from "@/queries/ticketOffice.ts";
import {
  EMPTY_CART,
  cartRequest,
  couponRefusal,
  hasOptionAlone,
  maxQuantity,
  quoteRefusalText,
  ticketGroups,
  withQuantity,
} from "./cartValues.ts";

const ticket = (id: string, extra: Partial<OfficeTicketJson> = {}): OfficeTicketJson => ({
  id,
  caption: id,
  description: null,
  categoryId: null,
  isOption: false,
  taxRateBp: 2000,
  priceInclTaxCents: 1200,
  priceExclTaxCents: 1000,
  remaining: null,
  priceUntil: null,
  ...extra,
});

const office: Pick<TicketOfficeJson, "tickets" | "categories"> = {
  categories: [
    { id: "c-pass", name: "Passes", colour: null, parentId: null },
    { id: "c-work", name: "Workshops", colour: null, parentId: "c-pass" },
    { id: "c-empty", name: "Nothing on sale", colour: null, parentId: null },
  ],
  tickets: [
    ticket("lunch", { isOption: true, categoryId: "c-pass" }),
    ticket("day", { categoryId: "c-pass", remaining: 3 }),
    ticket("gala", { remaining: 0 }),
    ticket("morning", { categoryId: "c-work" }),
  ],
};

describe("the tickets chosen with a registration", () => {
  it("groups tickets by category, a subcategory named with its parent, options after tickets, loose ones last", () => {
    expect(ticketGroups(office).map((group) => [group.name, group.tickets.map((one) => one.id)])).toEqual([
      ["Passes", ["day", "lunch"]],
      ["Passes › Workshops", ["morning"]],
      [null, ["gala"]],
    ]);
  });

  it("keeps a quantity between 0 and the places left (100 at most), none for a sold-out ticket", () => {
    const [lunch, day, gala] = office.tickets as [OfficeTicketJson, OfficeTicketJson, OfficeTicketJson];
    expect(maxQuantity(day)).toBe(3);
    expect(maxQuantity(lunch)).toBe(100);
    expect(maxQuantity(gala)).toBe(0);
    let choice = withQuantity(EMPTY_CART, day, 5);
    expect(choice.quantities).toEqual({ day: 3 });
    choice = withQuantity(choice, gala, 1);
    expect(choice.quantities).toEqual({ day: 3 });
    choice = withQuantity(choice, day, 0);
    expect(choice.quantities).toEqual({});
    expect(withQuantity(EMPTY_CART, lunch, Number.NaN).quantities).toEqual({});
  });

  it("asks for the chosen tickets in the office's order, with the coupons when there are some", () => {
    expect(cartRequest(office, { quantities: { morning: 1, day: 2 }, coupons: [] })).toEqual({
      items: [
        { ticketId: "day", quantity: 2 },
        { ticketId: "morning", quantity: 1 },
      ],
    });
    expect(cartRequest(office, { quantities: { day: 1 }, coupons: ["EARLY"] }).coupons).toEqual(["EARLY"]);
  });

  it("says an option chosen without a ticket", () => {
    expect(hasOptionAlone(office, { quantities: { lunch: 1 }, coupons: [] })).toBe(true);
    expect(hasOptionAlone(office, { quantities: { lunch: 1, day: 1 }, coupons: [] })).toBe(false);
    expect(hasOptionAlone(office, EMPTY_CART)).toBe(false);
  });

  it("reads a coupon's refusal at coupons.N (or order.coupons.N), and a quote's first reason", () => {
    const refused = new ApiError(422, "validation_failed", "Invalid", [
      { field: "coupons.1", code: "coupon_expired", message: "This coupon has expired." },
    ]);
    expect(couponRefusal(refused)).toEqual({ index: 1, message: "This coupon has expired." });
    const fromRegistration = new ApiError(422, "validation_failed", "Invalid", [
      { field: "order.coupons.0", code: "coupon_unknown", message: "Unknown coupon." },
    ]);
    expect(couponRefusal(fromRegistration)?.index).toBe(0);
    const optionAlone = new ApiError(422, "validation_failed", "Invalid", [
      { field: "items", code: "option_needs_ticket", message: "An option cannot be bought alone: add a ticket." },
    ]);
    expect(couponRefusal(optionAlone)).toBeNull();
    expect(quoteRefusalText(optionAlone)).toBe("An option cannot be bought alone: add a ticket.");
    expect(quoteRefusalText(new ApiError(409, "ticket_unavailable", "This ticket is not available anymore."))).toBe(
      "This ticket is not available anymore.",
    );
    expect(quoteRefusalText(new Error("x"))).toBeNull();
  });
});
