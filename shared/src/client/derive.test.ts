import { describe, expect, it } from "vitest";
import { createApiClient, type FetchLike } from "../client.ts";

function recordingFetch() {
  const calls: { url: string; method: string; body?: unknown; headers: Record<string, string> }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, method: init.method, body: init.body, headers: init.headers });
    return { status: 200, ok: true, headers: { get: () => null }, text: async () => "{}" };
  };
  return { fetch, calls };
}

describe("the client derived from the contracts", () => {
  it("fills the path from params, adds the query and sends the body as JSON", async () => {
    const { fetch, calls } = recordingFetch();
    const api = createApiClient({ language: () => "en", fetch, baseUrl: "https://tessera.test" });
    await api.events.list({ params: { a: "acc" }, query: { filter: "archived", sort: "name", page: 2 } });
    await api.events.get({ params: { a: "acc", id: "ev 1" }, query: { expand: "access" } });
    await api.events.duplicate({ params: { a: "acc", id: "ev1" }, body: { name: "Copy", slug: "copy" } });
    await api.events.archive({ params: { a: "acc", id: "ev1" } });
    await api.events.removeTeam({ params: { a: "acc", id: "ev1", teamId: "t1" } });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET https://tessera.test/api/v1/accounts/acc/events?filter=archived&sort=name&page=2",
      "GET https://tessera.test/api/v1/accounts/acc/events/ev%201?expand=access",
      "POST https://tessera.test/api/v1/accounts/acc/events/ev1/duplicate",
      "POST https://tessera.test/api/v1/accounts/acc/events/ev1/archive",
      "DELETE https://tessera.test/api/v1/accounts/acc/events/ev1/teams/t1",
    ]);
    expect(calls[2]!.body).toBe('{"name":"Copy","slug":"copy"}');
    expect(calls[3]!.body).toBe("{}");
    expect(calls[4]!.body).toBeUndefined();
  });

  it("sends cache-control with event fetches (spec §9), not with other calls", async () => {
    const { fetch, calls } = recordingFetch();
    const api = createApiClient({ language: () => "en", fetch });
    await api.events.list({ params: { a: "acc" } });
    await api.events.get({ params: { a: "acc", id: "ev1" } });
    await api.events.archive({ params: { a: "acc", id: "ev1" } });
    expect(calls.map((call) => call.headers["Cache-Control"])).toEqual(["no-cache", "no-cache", undefined]);
  });

  it("gives the address of an operation without calling it, and refuses a missing path parameter", () => {
    const api = createApiClient({ language: () => "en" });
    expect(api.events.get.url({ params: { a: "acc", id: "ev1" }, query: { expand: "access" } })).toBe(
      "/api/v1/accounts/acc/events/ev1?expand=access",
    );
    expect(() => api.events.get.url({ params: { a: "acc", id: "" } })).toThrow('Missing path parameter "id"');
  });
});
