import { afterEach, describe, expect, it } from "vitest";
import { ApiError, createApiClient, type FetchLike, type UploadFile } from "./client.ts";

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | object;
}

function fakeFetch(answer: { status: number; body: string } | Error): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({
      url,
      method: init.method,
      headers: init.headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    if (answer instanceof Error) throw answer;
    return {
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      headers: { get: () => "application/json" },
      text: async () => answer.body,
    };
  };
  return { fetch, calls };
}

const globals = globalThis as { document?: unknown };

afterEach(() => {
  delete globals.document;
});

describe("createApiClient", () => {
  it("sends the page language, JSON, and the query without empty values", async () => {
    const { fetch, calls } = fakeFetch({
      status: 200,
      body: '{"data":[],"pagination":{"page":2,"perPage":25,"total":0}}',
    });
    const api = createApiClient({ language: () => "fr", fetch, baseUrl: "https://tessera.test/" });
    const page = await api.administrators.list({ query: { search: "ada lovelace", page: 2, role: undefined } });
    expect(page.pagination.page).toBe(2);
    expect(calls[0]).toMatchObject({
      url: "https://tessera.test/api/v1/administrators?search=ada%20lovelace&page=2",
      method: "GET",
      headers: { "Accept-Language": "fr", Accept: "application/json" },
    });
    expect(calls[0]!.headers["X-CSRF-Token"]).toBeUndefined();
  });

  it("echoes the anti-forgery cookie on writes, and sends none when there is no cookie", async () => {
    const { fetch, calls } = fakeFetch({ status: 200, body: '{"ok":true}' });
    const api = createApiClient({ language: () => "en", fetch });
    await api.auth.logout();
    expect(calls[0]!.headers["X-CSRF-Token"]).toBeUndefined();

    globals.document = { cookie: "theme=dark; tessera_csrf=abc%3D123; other=1" };
    await api.accountUsers.update({ params: { a: "a1", id: "u/2" }, body: { role: "reader" } });
    expect(calls[1]).toMatchObject({
      url: "/api/v1/accounts/a1/administrators/u%2F2",
      method: "PUT",
      headers: { "X-CSRF-Token": "abc=123", "Content-Type": "application/json" },
      body: '{"role":"reader"}',
    });
  });

  it("turns an error answer into an ApiError with its translated message and details", async () => {
    const body = {
      error: {
        code: "invalid_input",
        message: "Les mots de passe ne correspondent pas",
        details: [
          { field: "confirmation", code: "passwords_do_not_match", message: "Les mots de passe ne correspondent pas" },
        ],
      },
    };
    const { fetch } = fakeFetch({ status: 422, body: JSON.stringify(body) });
    const api = createApiClient({ language: () => "fr", fetch });
    const error = await api.auth
      .resetPassword({ body: { token: "t", password: "p", confirmation: "q" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: "invalid_input",
      message: "Les mots de passe ne correspondent pas",
    });
    expect((error as ApiError).messageFor("confirmation")).toBe("Les mots de passe ne correspondent pas");
    expect((error as ApiError).messageFor("password")).toBeUndefined();
  });

  it("reports an unreachable server as network_error, in the page language", async () => {
    const { fetch } = fakeFetch(new TypeError("fetch failed"));
    const api = createApiClient({ language: () => "es", fetch });
    const error = await api.auth.me().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: "network_error" });
    expect((error as ApiError).message).toMatch(/servidor/);
  });

  it("reports an answer that is not JSON, or not our error shape, as bad_response", async () => {
    const html = createApiClient({
      language: () => "en",
      fetch: fakeFetch({ status: 502, body: "<html>Bad gateway</html>" }).fetch,
    });
    await expect(html.auth.me()).rejects.toMatchObject({
      status: 502,
      code: "bad_response",
      message: "The server sent an unexpected answer.",
    });
    const odd = createApiClient({
      language: () => "en",
      fetch: fakeFetch({ status: 500, body: '{"oops":true}' }).fetch,
    });
    await expect(odd.auth.me()).rejects.toMatchObject({ status: 500, code: "bad_response" });
  });

  it("has no timeout unless one is asked for", async () => {
    const never: FetchLike = () => new Promise(() => undefined);
    const api = createApiClient({ language: () => "en", fetch: never, timeoutMs: 20 });
    await expect(api.auth.me()).rejects.toMatchObject({
      code: "timeout",
      message: "The server took too long to answer.",
    });
  });

  it("builds the paths of event actions, joined audit exclusions, and a multipart image upload", async () => {
    const { fetch, calls } = fakeFetch({ status: 200, body: "{}" });
    const api = createApiClient({ language: () => "en", fetch });
    await api.events.list({
      params: { a: "acc" },
      query: { filter: "archived", sort: "name", search: "expo", page: 2 },
    });
    await api.events.get({ params: { a: "acc", id: "ev1" }, query: { expand: "access" } });
    await api.events.duplicate({ params: { a: "acc", id: "ev1" }, body: { name: "Copy", slug: "copy" } });
    await api.events.removeTeam({ params: { a: "acc", id: "ev1", teamId: "t1" } });
    await api.auditLogs.list({ params: { a: "acc" }, query: { eventId: "ev1", exclude: ["a.b", "c.d"].join(",") } });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/v1/accounts/acc/events?filter=archived&sort=name&search=expo&page=2",
      "GET /api/v1/accounts/acc/events/ev1?expand=access",
      "POST /api/v1/accounts/acc/events/ev1/duplicate",
      "DELETE /api/v1/accounts/acc/events/ev1/teams/t1",
      "GET /api/v1/accounts/acc/auditlogs?eventId=ev1&exclude=a.b%2Cc.d",
    ]);

    // Node has Blob and FormData; shared compiles without the DOM library.
    const { Blob } = globalThis as unknown as { Blob: new (parts: string[], options: { type: string }) => UploadFile };
    const file = new Blob(["png"], { type: "image/png" });
    await api.images.create({ params: { a: "acc" }, form: { kind: "logo", file } });
    const uploadCall = calls.at(-1)!;
    expect(uploadCall.url).toBe("/api/v1/accounts/acc/images");
    expect(uploadCall.headers["Content-Type"]).toBeUndefined();
    const form = uploadCall.body as { get(name: string): unknown };
    expect(form.get("kind")).toBe("logo");
    expect(form.get("file")).toBeInstanceOf(Blob);
  });
});
