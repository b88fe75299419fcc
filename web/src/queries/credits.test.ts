import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addCreditsMutation,
  creditMovementsQuery,
  creditPacksQuery,
  creditsRemainingQuery,
  debitCreditsMutation,
} from "./credits.ts";
import { pageOf, refusal, runMutation, serve, testQueryClient } from "./testing.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the credits query layer", () => {
  it("reads each kind at its own address (eventcredits, campaigncredits)", async () => {
    const calls = serve((call) =>
      call.url.endsWith("/remaining")
        ? { status: 200, body: { kind: "event", remaining: 3, abilities: { add: false, debit: false } } }
        : { status: 200, body: pageOf([]) },
    );
    const { client } = testQueryClient();
    await client.fetchQuery(creditsRemainingQuery("acc", "event"));
    await client.fetchQuery(creditPacksQuery("acc", "campaign", { status: "usable", page: 2, perPage: 20 }));
    await client.fetchQuery(creditMovementsQuery("acc", "campaign", { page: 1, perPage: 20 }));
    expect(calls.map((call) => call.url)).toEqual([
      "/api/v1/accounts/acc/eventcredits/remaining",
      "/api/v1/accounts/acc/campaigncredits?status=usable&page=2&perPage=20",
      "/api/v1/accounts/acc/campaigncredits/history?page=1&perPage=20",
    ]);
  });

  it("makes what is left, the packs and the history stale once credits are added or debited", async () => {
    const calls = serve((call) => {
      if (call.url.endsWith("/add")) return { status: 201, body: { id: "p1", amount: 5 } };
      if (call.url.endsWith("/debit")) return refusal(409, "not_enough_credits");
      return { status: 200, body: { kind: "event", remaining: 0, abilities: { add: true, debit: true } } };
    });
    const { client } = testQueryClient();
    const remaining = creditsRemainingQuery("acc", "event");
    await client.fetchQuery(remaining);
    await runMutation(client, addCreditsMutation(client, "acc", "event"), { amount: 5, expiresAt: "31/12/2030" });
    expect(calls[1]).toMatchObject({
      method: "POST",
      url: "/api/v1/accounts/acc/eventcredits/add",
      body: { amount: 5, expiresAt: "31/12/2030" },
    });
    expect(client.getQueryState(remaining.queryKey)?.isInvalidated).toBe(true);

    // A refused debit changes nothing: its refusal goes back to the form.
    await client.fetchQuery(remaining);
    await expect(
      runMutation(client, debitCreditsMutation(client, "acc", "event"), { amount: 50 }),
    ).rejects.toMatchObject({ status: 409, code: "not_enough_credits" });
    expect(client.getQueryState(remaining.queryKey)?.isInvalidated).toBe(false);
  });
});
