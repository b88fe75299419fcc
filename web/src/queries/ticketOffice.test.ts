import { afterEach, describe, expect, it, vi } from "vitest";
import { portalKeys } from "./portal.ts";
import { refusal, runMutation, serve, testQueryClient } from "./testing.ts";
import { myOrdersQuery, payOrderMutation, quoteQuery, ticketOfficeKeys, ticketOfficeQuery } from "./ticketOffice.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_ID = "0b6c7a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21";
const SECRET = "s".repeat(40);

describe("the buyer's side of ticketing in the query layer", () => {
  it("reads the office and prices a cart", async () => {
    const calls = serve((call) =>
      call.url.endsWith("/quote") ? { status: 200, body: { lines: [] } } : { status: 200, body: { open: true } },
    );
    const { client } = testQueryClient();
    await client.fetchQuery(ticketOfficeQuery("gala"));
    const cart = { items: [{ ticketId: ORDER_ID, quantity: 2 }], coupons: ["EARLY"] };
    await client.fetchQuery(quoteQuery("gala", cart));
    expect(calls).toEqual([
      { method: "GET", url: "/api/v1/public/events/gala/ticketoffice", body: undefined },
      { method: "POST", url: "/api/v1/public/events/gala/ticketoffice/quote", body: cart },
    ]);
  });

  it("keeps the order a payment answers, the office and the guest's orders made stale", async () => {
    const paid = { id: ORDER_ID, status: "completed" };
    const calls = serve(() => ({ status: 200, body: { status: "completed", order: paid } }));
    const { client } = testQueryClient();
    client.setQueryData(ticketOfficeKeys.office("gala"), { open: true });
    const body = {
      method: "transfer" as const,
      termsAccepted: true,
      name: "Zoé",
      address: "1 rue",
      zip: "75002",
      city: "Paris",
      isCompany: false,
      siret: null,
    };
    await runMutation(client, payOrderMutation("gala", ORDER_ID, SECRET), body);
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: `/api/v1/public/events/gala/orders/${ORDER_ID}/${SECRET}/pay`,
      body,
    });
    expect(client.getQueryData(ticketOfficeKeys.order("gala", ORDER_ID, SECRET))).toEqual(paid);
    expect(client.getQueryState(ticketOfficeKeys.office("gala"))?.isInvalidated).toBe(true);
  });

  it("reads the guest's orders under the portal's keys; a 401 forgets the guest without ending the back-office's session", async () => {
    expect(ticketOfficeKeys.myOrders("gala").slice(0, 2)).toEqual(portalKeys.all("gala"));
    serve(() => refusal(401, "unauthenticated"));
    const { client, ends } = testQueryClient();
    await expect(client.fetchQuery({ ...myOrdersQuery("gala"), retry: false })).rejects.toThrow(/session has ended/);
    expect(client.getQueryData(portalKeys.me("gala"))).toBeNull();
    expect(ends.count).toBe(0);
  });
});
