import { afterEach, describe, expect, it, vi } from "vitest";
import {
  accountKeys,
  accountQuery,
  accountsPageQuery,
  createAccountMutation,
  updateAccountMutation,
  type AccountJson,
  type AccountPage,
} from "./accounts.ts";
import type { SessionJson } from "./session.ts";
import { sessionKey } from "./sessionKeys.ts";
import { pageOf, runMutation, serve, testQueryClient } from "./testing.ts";

function account(id: string, twoFactorEnabled = false): AccountJson {
  return { id, name: id, twoFactorEnabled, abilities: {} } as unknown as AccountJson;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the accounts query layer", () => {
  it("lists the platform's accounts as asked, and reads one", async () => {
    const calls = serve(({ url }) =>
      url.includes("?")
        ? { status: 200, body: pageOf([account("harbour")]) }
        : { status: 200, body: account("harbour") },
    );
    const { client } = testQueryClient();
    const page = await client.fetchQuery(accountsPageQuery({ search: "har", page: 2, perPage: 25 }));
    expect(page.data.map((item) => item.id)).toEqual(["harbour"]);
    await client.fetchQuery(accountQuery("harbour"));
    expect(calls.map((call) => call.url)).toEqual([
      "/api/v1/accounts?search=har&page=2&perPage=25",
      "/api/v1/accounts/harbour",
    ]);
  });

  it("a saved account shows at once in the lists, on its page and as the signed-in user's account", async () => {
    serve(({ method }) =>
      method === "GET"
        ? { status: 200, body: pageOf([account("harbour"), account("lake")]) }
        : { status: 200, body: account("harbour", true) },
    );
    const { client } = testQueryClient();
    client.setQueryData(sessionKey, { user: {}, account: account("harbour"), capabilities: [] });
    const list = accountsPageQuery({});
    await client.fetchQuery(list);
    await runMutation(client, updateAccountMutation(client), {
      accountId: "harbour",
      body: { twoFactorEnabled: true },
    });
    const page = client.getQueryData<AccountPage>(list.queryKey);
    expect(page?.data.map((item) => item.twoFactorEnabled)).toEqual([true, false]);
    expect(client.getQueryData<AccountJson>(accountKeys.one("harbour"))?.twoFactorEnabled).toBe(true);
    expect(client.getQueryData<SessionJson>(sessionKey)?.account?.twoFactorEnabled).toBe(true);
  });

  it("a created account is read again with the lists", async () => {
    const calls = serve(({ method }) =>
      method === "GET" ? { status: 200, body: pageOf([]) } : { status: 201, body: account("new") },
    );
    const { client } = testQueryClient();
    await client.fetchQuery(accountsPageQuery({}));
    await runMutation(client, createAccountMutation(client), { name: "new", maxOrganizers: 2 });
    expect(calls[1]).toMatchObject({
      method: "POST",
      url: "/api/v1/accounts",
      body: { name: "new", maxOrganizers: 2 },
    });
    expect(client.getQueryState(accountKeys.list({}))?.isInvalidated).toBe(true);
    expect(client.getQueryData(accountKeys.one("new"))).toMatchObject({ id: "new" });
  });
});
