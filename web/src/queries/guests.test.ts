import { MutationObserver, type QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createGuestMutation,
  deleteGuestsMutation,
  GUEST_PAGE_SIZE,
  guestCountQuery,
  guestKeys,
  guestPageQuery,
  guestViewsQuery,
  pagesToAsk,
  saveGuestViewMutation,
  type GuestJson,
  type GuestsQuery,
} from "./guests.ts";
import { createQueryClient } from "./queryClient.ts";
import { holdFetch, settle, type HeldCall } from "./testFetch.ts";

const TOTAL = 100_000;

/** Page `page` of a list of 100,000 guests, as the API answers it. */
function guestsPage(page: number) {
  const data = Array.from({ length: GUEST_PAGE_SIZE }, (_, i) => {
    const index = (page - 1) * GUEST_PAGE_SIZE + i;
    return { id: `g${index}`, fullName: `Guest ${index}` } as GuestJson;
  });
  return { data, pagination: { page, perPage: GUEST_PAGE_SIZE, total: TOTAL } };
}

const isCount = (call: HeldCall) => new URL(call.url, "http://x").pathname.endsWith("/users/count");
/** The page a call asks for; 0 for the view's count. */
const pageOf = (call: HeldCall) => (isCount(call) ? 0 : Number(new URL(call.url, "http://x").searchParams.get("page")));

/**
 * What the list screen does: it observes the view's count, its first page and the pages `pagesToAsk` names
 * for the rows on screen.
 */
function screen(client: QueryClient, query: GuestsQuery) {
  const show = (first: number, last: number) => {
    if (client.getQueryState(guestCountQuery("acc", "ev", query).queryKey) === undefined) {
      void client.prefetchQuery(guestCountQuery("acc", "ev", query));
    }
    for (const page of [1, ...pagesToAsk(client, "acc", "ev", query, { first, last })]) {
      if (client.getQueryData(guestKeys.page("acc", "ev", query, page)) === undefined) {
        void client.prefetchQuery(guestPageQuery("acc", "ev", query, page));
      }
    }
  };
  const guestAt = (index: number) =>
    client.getQueryData<{ data: GuestJson[] }>(
      guestKeys.page("acc", "ev", query, Math.floor(index / GUEST_PAGE_SIZE) + 1),
    )?.data[index % GUEST_PAGE_SIZE];
  return { show, guestAt };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the guest list in the query layer", () => {
  it("fetches only the pages on screen, two at a time, and skips the pages a fast scroll passed", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const list = screen(client, { search: "lef", sort: "lastName" });
    list.show(0, 40);
    expect(calls.map(pageOf)).toEqual([0, 1]);
    // The view is counted once, apart from its pages (its order left out: sorting does not count again)…
    expect(calls[0]!.url).toBe("/api/v1/events/acc/ev/users/count?search=lef");
    // …and no page counts.
    expect(calls[1]!.url).toBe("/api/v1/events/acc/ev/users?search=lef&sort=lastName&page=1&perPage=100&count=false");
    calls[0]!.answer(200, { total: TOTAL });
    calls[1]!.answer(200, guestsPage(1));
    await settle();
    expect(list.guestAt(99)?.fullName).toBe("Guest 99");
    expect(list.guestAt(100)).toBeUndefined();

    // Scrolled to the middle: rows 49,990 to 50,030 are on pages 500 and 501.
    list.show(49_990, 50_030);
    expect(calls.map(pageOf)).toEqual([0, 1, 500, 501]);
    expect(calls[2]!.url).toBe("/api/v1/events/acc/ev/users?search=lef&sort=lastName&page=500&perPage=100&count=false");
    // Scrolled on while those load: nothing more is asked until one ends…
    list.show(70_000, 70_040);
    list.show(99_960, 99_999);
    expect(calls).toHaveLength(4);
    // …and then only the pages wanted now (1000), not the ones passed by (701); never the count again.
    calls[2]!.answer(200, guestsPage(500));
    calls[3]!.answer(200, guestsPage(501));
    await settle();
    list.show(99_960, 99_999);
    expect(calls.map(pageOf)).toEqual([0, 1, 500, 501, 1000]);
    calls[4]!.answer(200, guestsPage(1000));
    await settle();
    expect(list.guestAt(99_999)?.fullName).toBe("Guest 99999");
    expect(list.guestAt(50_000)?.fullName).toBe("Guest 50000");
  });

  it("keeps each answer with its view: an answer to an older view never shows in a newer one", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    screen(client, {}).show(0, 40);
    const confirmed = screen(client, { status: "confirmed" });
    confirmed.show(0, 40);
    expect(calls.map(pageOf)).toEqual([0, 1, 0, 1]);
    calls[0]!.answer(200, { total: TOTAL });
    calls[1]!.answer(200, guestsPage(1));
    await settle();
    expect(confirmed.guestAt(0)).toBeUndefined();
    expect(client.getQueryData(guestCountQuery("acc", "ev", { status: "confirmed" }).queryKey)).toBeUndefined();
    calls[2]!.answer(200, { total: 1 });
    calls[3]!.answer(200, { data: [{ id: "c1", fullName: "Confirmed" }], pagination: { page: 1, total: -1 } });
    await settle();
    expect(confirmed.guestAt(0)?.fullName).toBe("Confirmed");
    expect(client.getQueryData(guestCountQuery("acc", "ev", { status: "confirmed" }).queryKey)).toBe(1);
    // The same view again reads what is loaded, its count included.
    confirmed.show(0, 40);
    expect(calls).toHaveLength(4);
  });

  it("stores a guest added, marks the lists stale and refreshes the godfather's count", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const query = guestPageQuery("acc", "ev", {}, 1);
    client.setQueryData(query.queryKey, guestsPage(1));
    client.setQueryData(guestKeys.one("acc", "ev", "host"), { id: "host", companionsCount: 0 } as GuestJson);
    const adding = new MutationObserver(client, createGuestMutation("acc", "ev")).mutate({ lastName: "Compagnon" });
    await settle();
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/events/acc/ev/users",
      body: { lastName: "Compagnon" },
    });
    calls[0]!.answer(201, { id: "new", fullName: "Camille Compagnon", godfather: { id: "host", fullName: "Host" } });
    await adding;
    expect(client.getQueryData(guestKeys.one("acc", "ev", "new"))).toMatchObject({ fullName: "Camille Compagnon" });
    expect(client.getQueryState(query.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(guestKeys.one("acc", "ev", "host"))?.isInvalidated).toBe(true);
  });

  it("sends a bulk deletion as ids or as the view's filters, and marks every guest of the event stale", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    client.setQueryData(guestKeys.one("acc", "ev", "g1"), { id: "g1" } as GuestJson);
    const deleting = new MutationObserver(client, deleteGuestsMutation("acc", "ev")).mutate({
      query: { search: "lef", status: "confirmed" },
    });
    await settle();
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/events/acc/ev/deleteusers",
      body: { query: { search: "lef", status: "confirmed" } },
    });
    calls[0]!.answer(200, { deleted: ["g1"], refused: [] });
    await expect(deleting).resolves.toEqual({ deleted: ["g1"], refused: [] });
    expect(client.getQueryState(guestKeys.one("acc", "ev", "g1"))?.isInvalidated).toBe(true);
  });

  it("adds a saved view to the views already read", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const views = client.fetchQuery(guestViewsQuery("acc", "ev"));
    await settle();
    calls[0]!.answer(200, { data: [{ id: "v1", name: "Mine", query: {}, isShared: false }] });
    await views;
    const saving = new MutationObserver(client, saveGuestViewMutation("acc", "ev")).mutate({
      name: "Confirmés",
      query: { status: "confirmed" },
      isShared: true,
    });
    await settle();
    calls[1]!.answer(201, { id: "v2", name: "Confirmés", query: { status: "confirmed" }, isShared: true });
    await saving;
    expect(client.getQueryData<{ name: string }[]>(guestKeys.views("acc", "ev"))?.map((view) => view.name)).toEqual([
      "Mine",
      "Confirmés",
    ]);
  });
});
