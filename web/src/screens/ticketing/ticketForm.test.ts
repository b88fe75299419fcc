import { describe, expect, it } from "vitest";
import type { TicketCategoryJson, TicketJson } from "@/queries/ticketing.ts";
import { categoryBranches, movedCategoryIds } from "./categoryTree.ts";
import { fromZonedInput, toZonedInput } from "@/app/zonedTime.ts";
import { ticketBody, ticketValues } from "./ticketForm.ts";

const at = "2030-01-01T10:00:00.000Z";
const zone = "Europe/Paris";
const category = (id: string, parentId: string | null, position: number): TicketCategoryJson => ({
  id,
  eventId: "ev",
  name: id,
  color: "#112233",
  parentId,
  position,
  createdAt: at,
  updatedAt: at,
});

describe("the Tickets screen's form and category order", () => {
  it("moves a top-level category with its subcategories and sends every id once", () => {
    const branches = categoryBranches([
      category("a", null, 0),
      category("a2", "a", 1),
      category("a1", "a", 0),
      category("b", null, 1),
      category("b1", "b", 0),
    ]);
    expect(branches.map((branch) => [branch.category.id, branch.children.map((child) => child.id)])).toEqual([
      ["a", ["a1", "a2"]],
      ["b", ["b1"]],
    ]);
    expect(movedCategoryIds(branches, "b", "a")).toEqual(["b", "b1", "a", "a1", "a2"]);
    expect(movedCategoryIds(branches, "a", "a")).toBeNull();
  });

  it("turns the form's values into the API's body, and a ticket back into values", () => {
    const ticket: TicketJson = {
      id: "t",
      eventId: "ev",
      caption: "Pass",
      description: null,
      taxRateBp: 550,
      maxQuantity: 100,
      isOption: false,
      isOnSale: true,
      categoryId: "a",
      position: 0,
      pricePeriods: [{ id: "p", startsAt: at, endsAt: null, priceExclTaxCents: 1000, priceInclTaxCents: 1055 }],
      createdAt: at,
      updatedAt: at,
    };
    const values = ticketValues(ticket, "fr", zone);
    expect(values).toMatchObject({ taxRate: "5,5", maxQuantity: "100", noVat: false, categoryId: "a" });
    expect(values.periods).toMatchObject([{ basis: "includingTax", amount: "10,55", endsAt: "" }]);
    expect(fromZonedInput(toZonedInput(at, zone), zone)).toBe(at);
    expect(values.periods[0]!.startsAt).toBe("2030-01-01T11:00");

    expect(ticketBody({ ...values, caption: " Pass ", maxQuantity: "" }, "fr", zone)).toEqual({
      caption: "Pass",
      description: null,
      taxRateBp: 550,
      maxQuantity: null,
      isOption: false,
      isOnSale: true,
      categoryId: "a",
      pricePeriods: [{ startsAt: at, endsAt: null, priceInclTaxCents: 1055 }],
    });
    const noVat = ticketBody(
      { ...values, noVat: true, periods: [{ ...values.periods[0]!, basis: "excludingTax", amount: "12" }] },
      "fr",
      zone,
    );
    expect(noVat).toMatchObject({ taxRateBp: null, pricePeriods: [{ priceExclTaxCents: 1200 }] });
  });
});
