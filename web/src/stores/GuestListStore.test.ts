import { describe, expect, it } from "vitest";
import type { HandTypedApiClient as ApiClient, GuestJson, PageOf } from "@tessera/shared/client";
import { GUEST_PAGE_SIZE, GuestListStore } from "./GuestListStore.ts";

const TOTAL = 100_000;

/** A fake guests API over 100,000 guests whose calls resolve only when the test says so. */
function fakeApi() {
  const calls: { page: number; query: unknown; resolve: () => void }[] = [];
  const api = {
    guests: {
      list: (_a: string, _e: string, query: unknown, { page }: { page: number; perPage: number }) =>
        new Promise<PageOf<GuestJson>>((resolve) => {
          const rows = Array.from({ length: GUEST_PAGE_SIZE }, (_, i) => {
            const index = (page - 1) * GUEST_PAGE_SIZE + i;
            return { id: `g${index}`, fullName: `Guest ${index}` } as GuestJson;
          });
          calls.push({
            page,
            query,
            resolve: () => resolve({ data: rows, pagination: { page, perPage: GUEST_PAGE_SIZE, total: TOTAL } }),
          });
        }),
    },
  } as unknown as ApiClient;
  return { api, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("GuestListStore", () => {
  it("fetches only the pages on screen, two at a time, and skips the pages a fast scroll passed", async () => {
    const { api, calls } = fakeApi();
    const store = new GuestListStore({ api, onUnauthenticated: () => undefined }, "acc", "ev");
    store.setQuery({ search: "lef" });
    expect(calls.map((call) => call.page)).toEqual([1]);
    expect(calls[0]!.query).toEqual({ search: "lef" });
    calls[0]!.resolve();
    await settle();
    expect(store.total).toBe(TOTAL);
    expect(store.guestAt(99)?.fullName).toBe("Guest 99");
    expect(store.guestAt(100)).toBeUndefined();

    // Scrolled to the middle: rows 49,990 to 50,030 are on pages 500 and 501.
    store.ensureRows(49_990, 50_030);
    expect(calls.map((call) => call.page)).toEqual([1, 500, 501]);
    // Scrolled on while those load: nothing more is asked until one ends…
    store.ensureRows(70_000, 70_040);
    store.ensureRows(99_960, 99_999);
    expect(calls).toHaveLength(3);
    // …and then only the pages wanted now (1000), not the ones passed by (701).
    calls[1]!.resolve();
    calls[2]!.resolve();
    await settle();
    expect(calls.map((call) => call.page)).toEqual([1, 500, 501, 1000]);
    calls[3]!.resolve();
    await settle();
    expect(store.guestAt(99_999)?.fullName).toBe("Guest 99999");
  });

  it("starts over when the query changes and drops answers to the old one", async () => {
    const { api, calls } = fakeApi();
    const store = new GuestListStore({ api, onUnauthenticated: () => undefined }, "acc", "ev");
    store.setQuery({});
    store.setQuery({ status: "confirmed" });
    calls[0]!.resolve();
    await settle();
    expect(store.hasLoaded).toBe(false);
    calls[1]!.resolve();
    await settle();
    expect(store.hasLoaded).toBe(true);
    store.setQuery({ status: "confirmed" });
    expect(calls).toHaveLength(2);
  });
  it("offers 'select all N matching' once every loaded row is selected; the selection is then the query", async () => {
    const { api, calls } = fakeApi();
    const store = new GuestListStore({ api, onUnauthenticated: () => undefined }, "acc", "ev");
    store.setQuery({ search: "lef", status: "confirmed", sort: "email", order: "desc" });
    calls[0]!.resolve();
    await settle();
    store.setSelection(["g1"]);
    expect(store.canSelectAllMatching).toBe(false);
    expect(store.selection).toEqual({ ids: ["g1"] });
    store.setSelection(store.loadedIds);
    expect(store.canSelectAllMatching).toBe(true);
    expect(store.selectionCount).toBe(GUEST_PAGE_SIZE);
    store.selectAllMatching();
    expect(store.canSelectAllMatching).toBe(false);
    expect(store.selectionCount).toBe(TOTAL);
    expect(store.selection).toEqual({ query: { search: "lef", status: "confirmed" } });
    // Rows not loaded yet show as selected too.
    expect(store.isSelected("g5000")).toBe(true);
    // Unticking one row goes back to the listed ids.
    store.toggle("g0");
    expect(store.selectionCount).toBe(GUEST_PAGE_SIZE - 1);
    expect(store.isSelected("g0")).toBe(false);
    expect(store.isSelected("g1")).toBe(true);
    expect("ids" in store.selection).toBe(true);
    store.selectAllMatching();
    store.reload();
    expect(store.selectionCount).toBe(0);
  });
});
