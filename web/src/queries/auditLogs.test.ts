import { afterEach, describe, expect, it, vi } from "vitest";
import { auditLogsPageQuery } from "./auditLogs.ts";
import { storeEvent, type EventJson } from "./events.ts";
import { pageOf, refusal, serve, testQueryClient } from "./testing.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the audit log query layer", () => {
  it("reads one event's history a page at a time, and reads it again once the event is saved", async () => {
    const calls = serve(() => ({ status: 200, body: pageOf([]) }));
    const { client } = testQueryClient();
    const history = auditLogsPageQuery("acc", { eventId: "gala", page: 2, perPage: 20 });
    await client.fetchQuery(history);
    expect(calls.map((call) => call.url)).toEqual(["/api/v1/accounts/acc/auditlogs?eventId=gala&page=2&perPage=20"]);
    storeEvent(client, "acc", { id: "gala", name: "Gala" } as unknown as EventJson);
    expect(client.getQueryState(history.queryKey)?.isInvalidated).toBe(true);
  });

  it("keeps a refusal (a reader may not read the history) without asking again", async () => {
    const calls = serve(() => refusal(403, "forbidden"));
    const { client } = testQueryClient();
    await expect(
      client.fetchQuery({
        ...auditLogsPageQuery("acc", { eventId: "gala" }),
        retry: client.getDefaultOptions().queries?.retry,
        retryDelay: 0,
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(calls).toHaveLength(1);
  });
});
