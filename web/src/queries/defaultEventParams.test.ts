import { afterEach, describe, expect, it, vi } from "vitest";
import {
  defaultEventParamsKey,
  defaultEventParamsQuery,
  updateDefaultEventParamsMutation,
} from "./defaultEventParams.ts";
import { runMutation, serve, testQueryClient } from "./testing.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the default event params query layer", () => {
  it("reads the account's defaults and keeps what the API answers once saved", async () => {
    const calls = serve(({ method, body }) =>
      method === "GET" ? { status: 200, body: { timezone: "Europe/Paris" } } : { status: 200, body },
    );
    const { client } = testQueryClient();
    expect(await client.fetchQuery(defaultEventParamsQuery("acc"))).toEqual({ timezone: "Europe/Paris" });
    await runMutation(client, updateDefaultEventParamsMutation(client, "acc"), { timezone: "UTC", isAllDay: true });
    expect(client.getQueryData(defaultEventParamsKey("acc"))).toEqual({ timezone: "UTC", isAllDay: true });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/v1/accounts/acc/default-event-params",
      "POST /api/v1/accounts/acc/default-event-params",
    ]);
  });
});
