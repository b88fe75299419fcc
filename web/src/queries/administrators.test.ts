import { afterEach, describe, expect, it, vi } from "vitest";
import { accountUsersPageQuery } from "./accountUsers.ts";
import {
  administratorAccountsQuery,
  administratorsPageQuery,
  createAdministratorMutation,
  removeAdministratorMutation,
  updateAdministratorMutation,
  type AdministratorJson,
  type AdministratorPage,
} from "./administrators.ts";
import type { SessionJson } from "./session.ts";
import { sessionKey } from "./sessionKeys.ts";
import { pageOf, runMutation, serve, testQueryClient } from "./testing.ts";

function user(id: string, language: AdministratorJson["language"] = "en"): AdministratorJson {
  return { id, email: `${id}@example.com`, firstName: id, lastName: "Test", language } as AdministratorJson;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the administrators query layer", () => {
  it("lists the platform's users with the filters asked, and the accounts of one", async () => {
    const calls = serve(({ url }) =>
      url.endsWith("/accounts")
        ? { status: 200, body: { data: [{ id: "harbour", name: "Harbour" }] } }
        : { status: 200, body: pageOf([user("hana")]) },
    );
    const { client } = testQueryClient();
    await client.fetchQuery(
      administratorsPageQuery({ search: "hana", role: "overseer", accountId: "acc", perPage: 25 }),
    );
    const accounts = await client.fetchQuery(administratorAccountsQuery("hana"));
    expect(accounts.map((account) => account.name)).toEqual(["Harbour"]);
    expect(calls.map((call) => call.url)).toEqual([
      "/api/v1/administrators?search=hana&role=overseer&accountId=acc&perPage=25",
      "/api/v1/administrators/hana/accounts",
    ]);
  });

  it("a saved user changes in the list at once (and the signed-in user when it is them); the account users are read again", async () => {
    serve(({ method, url, body }) => {
      if (method === "GET") return { status: 200, body: pageOf([user("root"), user("hana")]) };
      if (method === "DELETE") return { status: 200, body: { ok: true } };
      return { status: 200, body: { ...user(url.split("/").pop()!), ...(body as object) } };
    });
    const { client } = testQueryClient();
    client.setQueryData(sessionKey, { user: user("root"), account: null, capabilities: [] });
    const list = administratorsPageQuery({});
    const accountUsers = accountUsersPageQuery("acc", {});
    await client.fetchQuery(list);
    await client.fetchQuery(accountUsers);
    await runMutation(client, updateAdministratorMutation(client), { userId: "root", body: { language: "fr" } });
    expect(client.getQueryData<AdministratorPage>(list.queryKey)?.data[0]?.language).toBe("fr");
    expect(client.getQueryData<SessionJson>(sessionKey)?.user.language).toBe("fr");
    expect(client.getQueryState(accountUsers.queryKey)?.isInvalidated).toBe(true);

    await runMutation(client, removeAdministratorMutation(client), "hana");
    const page = client.getQueryData<AdministratorPage>(list.queryKey);
    expect(page?.data.map((item) => item.id)).toEqual(["root"]);
    expect(page?.pagination.total).toBe(1);
  });

  it("creates a user and reads the lists again", async () => {
    const calls = serve(({ method }) =>
      method === "POST" ? { status: 201, body: user("new") } : { status: 200, body: pageOf([]) },
    );
    const { client } = testQueryClient();
    const list = administratorsPageQuery({});
    await client.fetchQuery(list);
    const body = { email: "new@example.com", firstName: "N", lastName: "U", role: "administrator" as const };
    await runMutation(client, createAdministratorMutation(client), body);
    expect(calls[1]).toMatchObject({ method: "POST", url: "/api/v1/administrators", body });
    expect(client.getQueryState(list.queryKey)?.isInvalidated).toBe(true);
  });
});
