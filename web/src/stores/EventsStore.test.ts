import { describe, expect, it } from "vitest";
import type { HandTypedApiClient as ApiClient, EventJson, PageOf } from "@tessera/shared/client";
import { EventsStore } from "./EventsStore.ts";

function event(id: string, isArchived = false): EventJson {
  return { id, name: id, slug: id, isArchived, abilities: { archive: true } } as EventJson;
}

function page(items: EventJson[]): PageOf<EventJson> {
  return { data: items, pagination: { page: 1, perPage: 25, total: items.length } };
}

describe("EventsStore", () => {
  it("lists what the address asks for and drops an event once archived", async () => {
    const queries: unknown[] = [];
    const api = {
      events: {
        list: async (_accountId: string, query: unknown) => {
          queries.push(query);
          return page([event("gala"), event("fair")]);
        },
        archive: async (_accountId: string, id: string) => event(id, true),
      },
    } as unknown as ApiClient;
    const store = new EventsStore({ api, onUnauthenticated: () => undefined });
    store.show({ accountId: "acc", filter: "past", sort: "name", search: "ga" }, 2);
    await store.load(2);
    expect(queries[0]).toEqual({ filter: "past", sort: "name", search: "ga", page: 2, perPage: 25 });
    await store.setArchived("gala", true);
    expect(store.items.map((item) => item.id)).toEqual(["fair"]);
    expect(store.pagination.total).toBe(1);
  });
});
