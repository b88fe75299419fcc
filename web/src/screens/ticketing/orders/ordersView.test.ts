import { describe, expect, it } from "vitest";
import { ORDERS_PER_PAGE } from "@/queries/ticketingOrders.ts";
import {
  countOf,
  dayPatch,
  isFiltered,
  ordersExportQuery,
  ordersListQuery,
  ordersViewOf,
  rangeDay,
  type OrdersView,
} from "./ordersView.ts";

const view = (query: string) => ordersViewOf(new URLSearchParams(query));

describe("the Order history's view in the address", () => {
  it("reads every order, page 1, when the address says nothing", () => {
    expect(view("")).toEqual({ status: "all", search: "", from: null, to: null, page: 1 });
    expect(ordersListQuery(view(""))).toEqual({ page: 1, perPage: ORDERS_PER_PAGE });
    expect(isFiltered(view(""))).toBe(false);
  });

  it("reads a status, a search, a date range and a page, and asks the list for them", () => {
    const read = view("status=awaiting_payment&search=%20Roux%20&from=2026-11-01T00:00:00.000Z&to=bad&page=3");
    expect(read).toEqual<OrdersView>({
      status: "awaiting_payment",
      search: "Roux",
      from: "2026-11-01T00:00:00.000Z",
      to: null,
      page: 3,
    });
    expect(ordersListQuery(read)).toEqual({
      status: "awaiting_payment",
      search: "Roux",
      from: "2026-11-01T00:00:00.000Z",
      page: 3,
      perPage: ORDERS_PER_PAGE,
    });
    expect(isFiltered(read)).toBe(true);
  });

  it("leaves out what it cannot read: an unknown status, a page that is not a positive number", () => {
    expect(view("status=paid&page=-2")).toMatchObject({ status: "all", page: 1 });
    expect(view("page=abc").page).toBe(1);
    expect(view("page=2.7").page).toBe(2);
  });

  it("exports the same filter in the format asked, without the page", () => {
    const read = view("status=completed&search=acme&page=4");
    expect(ordersExportQuery(read, "xlsx")).toEqual({ format: "xlsx", status: "completed", search: "acme" });
    expect(ordersExportQuery(view(""), "csv")).toEqual({ format: "csv" });
  });

  it("counts a status tab from the answer's counts, every status for 'all'", () => {
    const counts = { completed: 3, awaiting_payment: 2, refunded: 1 };
    expect(countOf(counts, "all")).toBe(6);
    expect(countOf(counts, "completed")).toBe(3);
    expect(countOf(counts, "cancelled")).toBe(0);
    expect(countOf(undefined, "all")).toBeUndefined();
  });

  it("turns a day picked into the first or last instant of that day, and back", () => {
    const from = dayPatch("from", "2026-11-02");
    const to = dayPatch("to", "2026-11-02");
    expect(from.page).toBeNull();
    expect(Date.parse(to.to!) - Date.parse(from.from!)).toBe(86_400_000 - 1);
    expect(rangeDay(from.from!)).toBe("2026-11-02");
    expect(rangeDay(to.to!)).toBe("2026-11-02");
    expect(dayPatch("from", "")).toEqual({ from: null, page: null });
    expect(rangeDay(null)).toBe("");
  });
});
