import { afterEach, describe, expect, it, vi } from "vitest";
import { eventsQueryOf } from "@/screens/events/list/eventsQuery.ts";
import { eventKeys, eventsPageQuery, storeEvent, type EventJson } from "./events.ts";
import { CACHE_TIME_MS, createQueryClient, MAX_RETRIES } from "./queryClient.ts";

function event(id: string, isArchived = false): EventJson {
  return { id, name: id, slug: id, isArchived, abilities: { archive: true } } as unknown as EventJson;
}

/** The real client over a fetch that answers what `answer` says and records each call. */
function serve(answer: (url: string) => { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    calls.push(url);
    const { status, body } = answer(url);
    return { status, ok: status < 400, headers: { get: () => null }, text: async () => JSON.stringify(body) };
  });
  return calls;
}

const page = (items: EventJson[]) => ({ data: items, pagination: { page: 1, perPage: 25, total: items.length } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the events query layer", () => {
  it("lists what the address asks for, 25 a page", async () => {
    const calls = serve(() => ({ status: 200, body: page([event("gala"), event("fair")]) }));
    const query = eventsQueryOf(new URLSearchParams("filter=past&sort=name&search=ga&page=2"));
    expect(query).toEqual({ filter: "past", sort: "name", search: "ga", page: 2, perPage: 25 });
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const answer = await client.fetchQuery(eventsPageQuery("acc", query));
    expect(answer.data.map((item) => item.id)).toEqual(["gala", "fair"]);
    expect(calls).toEqual(["/api/v1/accounts/acc/events?filter=past&sort=name&search=ga&page=2&perPage=25"]);
  });

  it("drops an event from the list once archived: the saved event is stored and the lists fetched again", async () => {
    let archived = false;
    serve(() => ({ status: 200, body: page(archived ? [event("fair")] : [event("gala"), event("fair")]) }));
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const options = eventsPageQuery("acc", { filter: "all", perPage: 25 });
    const unsubscribe = client.getQueryCache().subscribe(() => undefined);
    await client.fetchQuery(options);
    archived = true;
    storeEvent(client, "acc", event("gala", true));
    expect(client.getQueryData(eventKeys.one("acc", "gala"))).toMatchObject({ id: "gala", isArchived: true });
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    const fresh = await client.fetchQuery(options);
    expect(fresh.data.map((item) => item.id)).toEqual(["fair"]);
    unsubscribe();
  });

  it("keeps data 5 minutes, retries a failed read up to 3 times, never a refusal, and ends the session on 401", async () => {
    expect(CACHE_TIME_MS).toBe(300_000);
    expect(MAX_RETRIES).toBe(3);
    let expired = 0;
    const client = createQueryClient({ onUnauthenticated: () => expired++ });
    expect(client.getDefaultOptions().queries?.gcTime).toBe(300_000);

    const serverErrors = serve(() => ({ status: 503, body: { error: { code: "internal_error", message: "down" } } }));
    await expect(
      client.fetchQuery({
        ...eventsPageQuery("acc", {}),
        retryDelay: 0,
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(serverErrors).toHaveLength(1 + 3);

    const refusals = serve(() => ({ status: 404, body: { error: { code: "not_found", message: "Not found." } } }));
    await expect(
      client.fetchQuery({
        ...eventsPageQuery("acc", { page: 3 }),
        retryDelay: 0,
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(refusals).toHaveLength(1);
    expect(expired).toBe(0);

    serve(() => ({ status: 401, body: { error: { code: "unauthenticated", message: "Sign in." } } }));
    await expect(client.fetchQuery(eventsPageQuery("acc", { page: 4 }))).rejects.toMatchObject({ status: 401 });
    expect(expired).toBe(1);
  });
});
