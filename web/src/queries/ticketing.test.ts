import { MutationObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditLogKeys } from "./auditLogs.ts";
import {
  createTicketCategoryMutation,
  createTicketMutation,
  removeTicketCategoryMutation,
  removeTicketMutation,
  reorderTicketCategoriesMutation,
  ticketCategoriesQuery,
  ticketingKeys,
  ticketsQuery,
  updateTicketCategoryMutation,
  updateTicketMutation,
  type TicketCategoryJson,
  type TicketJson,
} from "./ticketing.ts";
import { refusal, runMutation, serve, testQueryClient } from "./testing.ts";

const at = "2030-01-01T10:00:00.000Z";
const category = (id: string, overrides: Partial<TicketCategoryJson> = {}): TicketCategoryJson => ({
  id,
  eventId: "ev",
  name: id,
  color: "#112233",
  parentId: null,
  position: 0,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
const ticket = (id: string, overrides: Partial<TicketJson> = {}): TicketJson => ({
  id,
  eventId: "ev",
  caption: id,
  description: null,
  taxRateBp: 2000,
  maxQuantity: null,
  isOption: false,
  isOnSale: true,
  categoryId: null,
  position: 0,
  pricePeriods: [],
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
type Client = ReturnType<typeof testQueryClient>["client"];
const categoriesIn = (client: Client) =>
  client
    .getQueryData<TicketCategoryJson[]>(ticketingKeys.categories("acc", "ev"))
    ?.map((item) => `${item.id}:${item.name}`);
const ticketsIn = (client: Client) =>
  client.getQueryData<TicketJson[]>(ticketingKeys.tickets("acc", "ev"))?.map((item) => `${item.id}:${item.caption}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the ticketing catalogue in the query layer", () => {
  it("reads the event's categories and tickets from their routes", async () => {
    const calls = serve(({ url }) => ({
      status: 200,
      body: { data: url.endsWith("/categories") ? [category("a"), category("b")] : [ticket("t")] },
    }));
    const { client } = testQueryClient();
    expect((await client.fetchQuery(ticketCategoriesQuery("acc", "ev"))).map((item) => item.id)).toEqual(["a", "b"]);
    expect((await client.fetchQuery(ticketsQuery("acc", "ev"))).map((item) => item.id)).toEqual(["t"]);
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "GET /api/v1/events/acc/ev/categories",
      "GET /api/v1/events/acc/ev/tickets",
    ]);
  });

  it("keeps a created category last, a renamed one in its place, forgets a deleted one, and marks the history stale", async () => {
    let answer = category("c", { name: "Students" });
    const calls = serve(({ method }) =>
      method === "DELETE" ? { status: 200, body: { ok: true } } : { status: 200, body: answer },
    );
    const { client } = testQueryClient();
    client.setQueryData(ticketingKeys.categories("acc", "ev"), [category("a"), category("b")]);
    client.setQueryData(auditLogKeys.all("acc"), []);

    await runMutation(client, createTicketCategoryMutation(client, "acc", "ev"), {
      name: "Students",
      color: "#112233",
    });
    expect(categoriesIn(client)).toEqual(["a:a", "b:b", "c:Students"]);
    expect(client.getQueryState(auditLogKeys.all("acc"))?.isInvalidated).toBe(true);

    answer = category("a", { name: "Adults" });
    await runMutation(client, updateTicketCategoryMutation(client, "acc", "ev"), { id: "a", body: { name: "Adults" } });
    expect(categoriesIn(client)).toEqual(["a:Adults", "b:b", "c:Students"]);

    await runMutation(client, removeTicketCategoryMutation(client, "acc", "ev"), "b");
    expect(categoriesIn(client)).toEqual(["a:Adults", "c:Students"]);
    expect(calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      ["POST", "/api/v1/events/acc/ev/categories", { name: "Students", color: "#112233" }],
      ["POST", "/api/v1/events/acc/ev/categories/a", { name: "Adults" }],
      ["DELETE", "/api/v1/events/acc/ev/categories/b", undefined],
    ]);
  });

  it("shows a new order of the categories at once, keeps the API's answer, and puts the old order back when refused", async () => {
    /** Answers the pending positions request. */
    const gate: { release?: () => void } = {};
    const releasePending = () => gate.release?.();
    let refuse = false;
    const calls = serve(
      ({ body }) =>
        new Promise((resolve) => {
          gate.release = () => {
            const ids = (body as { ids: string[] }).ids;
            resolve(
              refuse
                ? refusal(422, "validation_failed", [{ field: "ids", message: "invalid" }])
                : { status: 200, body: { data: ids.map((id, position) => category(id, { position })) } },
            );
          };
        }),
    );
    const { client } = testQueryClient();
    client.setQueryData(ticketingKeys.categories("acc", "ev"), [category("a"), category("b"), category("c")]);

    const moved = new MutationObserver(client, reorderTicketCategoriesMutation(client, "acc", "ev")).mutate([
      "c",
      "a",
      "b",
    ]);
    await vi.waitFor(() => expect(gate.release).toBeDefined());
    expect(categoriesIn(client)).toEqual(["c:c", "a:a", "b:b"]);
    releasePending();
    await moved;
    expect(
      client.getQueryData<TicketCategoryJson[]>(ticketingKeys.categories("acc", "ev"))?.map((item) => item.position),
    ).toEqual([0, 1, 2]);
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/events/acc/ev/categories/positions",
      body: { ids: ["c", "a", "b"] },
    });

    refuse = true;
    delete gate.release;
    const refused = new MutationObserver(client, reorderTicketCategoriesMutation(client, "acc", "ev")).mutate([
      "b",
      "c",
      "a",
    ]);
    await vi.waitFor(() => expect(gate.release).toBeDefined());
    expect(categoriesIn(client)).toEqual(["b:b", "c:c", "a:a"]);
    releasePending();
    await expect(refused).rejects.toThrow();
    expect(categoriesIn(client)).toEqual(["c:c", "a:a", "b:b"]);
  });

  it("keeps a created ticket last, a changed one in its place, and forgets a deleted one", async () => {
    let answer = ticket("n", { caption: "Early bird" });
    const calls = serve(({ method }) =>
      method === "DELETE" ? { status: 200, body: { ok: true } } : { status: 200, body: answer },
    );
    const { client } = testQueryClient();
    client.setQueryData(ticketingKeys.tickets("acc", "ev"), [ticket("t")]);

    const body = { caption: "Early bird", taxRateBp: 2000, pricePeriods: [{ startsAt: at, priceInclTaxCents: 1200 }] };
    await runMutation(client, createTicketMutation(client, "acc", "ev"), body);
    expect(ticketsIn(client)).toEqual(["t:t", "n:Early bird"]);

    answer = ticket("t", { caption: "Standard" });
    await runMutation(client, updateTicketMutation(client, "acc", "ev"), { id: "t", body: { caption: "Standard" } });
    expect(ticketsIn(client)).toEqual(["t:Standard", "n:Early bird"]);

    await runMutation(client, removeTicketMutation(client, "acc", "ev"), "n");
    expect(ticketsIn(client)).toEqual(["t:Standard"]);
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "POST /api/v1/events/acc/ev/tickets",
      "POST /api/v1/events/acc/ev/tickets/t",
      "DELETE /api/v1/events/acc/ev/tickets/n",
    ]);
    expect(calls[0]?.body).toEqual(body);
  });
});
