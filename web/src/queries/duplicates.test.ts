import { MutationObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { duplicateKeys, duplicatesPageQuery, mergeDuplicatesMutation } from "./duplicates.ts";
import { guestKeys } from "./guests.ts";
import { createQueryClient } from "./queryClient.ts";
import { decideRecommendationMutation, recommendationKeys, recommendationsPageQuery } from "./recommendations.ts";
import { holdFetch, settle } from "./testFetch.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("duplicates and recommendations in the query layer", () => {
  it("merges a pair: the merged guest leaves the cache, the pairs and the guests are fetched again", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const pairs = client.fetchQuery(duplicatesPageQuery("acc", "ev", 2));
    await settle();
    expect(calls[0]!.url).toBe("/api/v1/events/acc/ev/duplicates?page=2&perPage=20");
    calls[0]!.answer(200, { data: [], pagination: { page: 2, perPage: 20, total: 0 } });
    await pairs;
    client.setQueryData(guestKeys.one("acc", "ev", "zoe"), { id: "zoe" });
    client.setQueryData(guestKeys.one("acc", "ev", "zoe2"), { id: "zoe2" });
    const merging = new MutationObserver(client, mergeDuplicatesMutation("acc", "ev")).mutate({
      keepId: "zoe2",
      mergeId: "zoe",
    });
    await settle();
    expect(calls[1]).toMatchObject({
      url: "/api/v1/events/acc/ev/duplicates/merge",
      body: { keepId: "zoe2", mergeId: "zoe" },
    });
    calls[1]!.answer(200, { id: "zoe2" });
    await settle();
    expect(client.getQueryData(guestKeys.one("acc", "ev", "zoe"))).toBeUndefined();
    expect(client.getQueryState(guestKeys.one("acc", "ev", "zoe2"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(duplicateKeys.page("acc", "ev", 2))?.isInvalidated).toBe(true);
    await merging;
  });

  it("lists recommendations by status; accepting one makes a guest, so the guest lists are stale too", async () => {
    const calls = holdFetch();
    const client = createQueryClient({ onUnauthenticated: () => undefined });
    const query = { status: "pending" as const, page: 1, perPage: 50 };
    const listing = client.fetchQuery(recommendationsPageQuery("acc", "ev", query));
    await settle();
    expect(calls[0]!.url).toBe("/api/v1/events/acc/ev/recommendations?status=pending&page=1&perPage=50");
    calls[0]!.answer(200, { data: [], pagination: { page: 1, perPage: 50, total: 0 } });
    await listing;
    client.setQueryData(guestKeys.page("acc", "ev", {}, 1), { data: [], pagination: { page: 1, total: 0 } });
    const refusing = new MutationObserver(client, decideRecommendationMutation("acc", "ev")).mutate({
      id: "r1",
      decision: "refuse",
    });
    await settle();
    expect(calls[1]).toMatchObject({ method: "POST", url: "/api/v1/events/acc/ev/recommendations/r1/refuse" });
    calls[1]!.answer(200, { id: "r1", status: "refused" });
    await refusing;
    expect(client.getQueryState(recommendationKeys.list("acc", "ev", query))?.isInvalidated).toBe(true);
    expect(client.getQueryState(guestKeys.page("acc", "ev", {}, 1))?.isInvalidated).toBe(false);
    const accepting = new MutationObserver(client, decideRecommendationMutation("acc", "ev")).mutate({
      id: "r2",
      decision: "accept",
    });
    await settle();
    expect(calls[2]!.url).toBe("/api/v1/events/acc/ev/recommendations/r2/accept");
    calls[2]!.answer(200, { id: "r2", status: "accepted" });
    await accepting;
    expect(client.getQueryState(guestKeys.page("acc", "ev", {}, 1))?.isInvalidated).toBe(true);
  });
});
