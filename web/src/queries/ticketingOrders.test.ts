import { afterEach, describe, expect, it, vi } from "vitest";
import { auditLogKeys } from "./auditLogs.ts";
import { guestKeys } from "./guests.ts";
import {
  awaitOrderMutation,
  cancelOrderMutation,
  confirmOrderMutation,
  createOrderMutation,
  invoicePdfUrl,
  orderKeys,
  orderQuery,
  ordersExportUrl,
  ordersPageQuery,
  refundOrderMutation,
  updateOrderMutation,
  type OrderDetailJson,
  type OrderSummaryJson,
} from "./ticketingOrders.ts";
import { runMutation, serve, testQueryClient } from "./testing.ts";

const at = "2030-01-01T10:00:00.000Z";
const summary = (id: string, status: OrderSummaryJson["status"] = "awaiting_payment"): OrderSummaryJson => ({
  id,
  reference: id.toUpperCase(),
  status,
  paymentMethod: "transfer",
  mode: "test",
  guestId: "buyer",
  orderedBy: "Inès Roux",
  email: "ines@example.com",
  totalExclTaxCents: 10_000,
  totalInclTaxCents: 12_000,
  refundedCents: 0,
  currency: "EUR",
  isCompany: false,
  units: 1,
  orderedAt: at,
  holdExpiresAt: null,
});
const detail = (id: string, status: OrderSummaryJson["status"]): OrderDetailJson => ({
  ...summary(id, status),
  eventId: "ev",
  language: "en",
  billing: {
    name: null,
    address: null,
    zip: null,
    city: null,
    isCompany: null,
    siret: null,
    email: null,
    phone: null,
  },
  termsAcceptedAt: null,
  items: [
    {
      id: "item",
      ticketId: "t",
      caption: "Pass",
      holderGuestId: "friend",
      holderName: "Ada Lovelace",
      quantity: 1,
      refundedQuantity: 0,
      unitPriceInclTaxCents: 12_000,
      unitPriceExclTaxCents: 10_000,
      taxPercent: 20,
    },
  ],
  coupons: [],
  payments: [],
  refunds: [],
  invoices: [],
  timeline: [],
  actions: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("orders in the query layer", () => {
  it("reads a page of the history with its counts, and one order", async () => {
    let answer: unknown = {
      data: [summary("a")],
      pagination: { page: 2, perPage: 50, total: 51 },
      counts: { awaiting_payment: 51 },
    };
    const calls = serve(() => ({ status: 200, body: answer }));
    const { client } = testQueryClient();
    const page = await client.fetchQuery(
      ordersPageQuery("acc", "ev", { status: "awaiting_payment", search: "Roux", page: 2, perPage: 50 }),
    );
    expect(page.counts).toEqual({ awaiting_payment: 51 });
    answer = detail("a", "awaiting_payment");
    expect((await client.fetchQuery(orderQuery("acc", "ev", "a"))).items).toHaveLength(1);
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "GET /api/v1/events/acc/ev/orders?status=awaiting_payment&search=Roux&page=2&perPage=50",
      "GET /api/v1/events/acc/ev/orders/a",
    ]);
  });

  it("links the export with the filter and an invoice's PDF", () => {
    expect(ordersExportUrl("acc", "ev", { format: "csv", status: "completed", search: "a b" })).toBe(
      "/api/v1/events/acc/ev/orders/export?format=csv&status=completed&search=a%20b",
    );
    expect(invoicePdfUrl("acc", "ev", "inv", "fr")).toBe("/api/v1/events/acc/ev/invoices/inv/pdf?language=fr");
  });

  it("keeps each action's answer as the order, and marks the history, the buyer and the holders stale", async () => {
    let answer: unknown = detail("a", "awaiting_payment");
    const calls = serve(() => ({ status: 200, body: answer }));
    const { client } = testQueryClient();
    const lists = orderKeys.list("acc", "ev", { page: 1, perPage: 50 });
    client.setQueryData(lists, { data: [], pagination: { page: 1, perPage: 50, total: 0 }, counts: {} });
    client.setQueryData(auditLogKeys.all("acc"), []);
    client.setQueryData(guestKeys.orders("acc", "ev", "friend"), { tickets: [], orders: [] });
    const status = () => client.getQueryData<OrderDetailJson>(orderKeys.one("acc", "ev", "a"))?.status;

    await runMutation(client, createOrderMutation(client, "acc", "ev"), {
      guestId: "buyer",
      items: [{ ticketId: "t", quantity: 1, holderGuestId: "friend" }],
      paymentMethod: "transfer",
      paid: false,
    });
    expect(status()).toBe("awaiting_payment");
    expect(client.getQueryState(lists)?.isInvalidated).toBe(true);
    expect(client.getQueryState(auditLogKeys.all("acc"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(guestKeys.orders("acc", "ev", "friend"))?.isInvalidated).toBe(true);

    answer = detail("a", "completed");
    await runMutation(client, confirmOrderMutation(client, "acc", "ev"), { id: "a", body: { name: "Acme" } });
    expect(status()).toBe("completed");
    answer = detail("a", "partially_refunded");
    await runMutation(client, refundOrderMutation(client, "acc", "ev"), {
      id: "a",
      body: { items: [{ itemId: "item", quantity: 1 }] },
    });
    expect(status()).toBe("partially_refunded");
    answer = detail("a", "awaiting_payment");
    await runMutation(client, awaitOrderMutation(client, "acc", "ev"), { id: "a", body: { paymentMethod: "cash" } });
    await runMutation(client, updateOrderMutation(client, "acc", "ev"), { id: "a", body: { zip: "75011" } });
    answer = detail("a", "cancelled");
    await runMutation(client, cancelOrderMutation(client, "acc", "ev"), "a");
    expect(status()).toBe("cancelled");
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "POST /api/v1/events/acc/ev/orders",
      "POST /api/v1/events/acc/ev/orders/a/confirm",
      "POST /api/v1/events/acc/ev/orders/a/refund",
      "POST /api/v1/events/acc/ev/orders/a/await",
      "POST /api/v1/events/acc/ev/orders/a",
      "POST /api/v1/events/acc/ev/orders/a/cancel",
    ]);
    expect(calls[2]!.body).toEqual({ items: [{ itemId: "item", quantity: 1 }] });
  });
});
