import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  accountUserKeys,
  accountUsersPageQuery,
  inviteAccountUserMutation,
  removeAccountUserMutation,
  sendInvitationMutation,
  updateAccountUserMutation,
  type AccountUserJson,
  type AccountUserPage,
} from "./accountUsers.ts";
import { sessionKey } from "./sessionKeys.ts";
import { pageOf, refusal, runMutation, serve, testQueryClient, type Answer } from "./testing.ts";

function user(id: string, role: AccountUserJson["role"] = "editor"): AccountUserJson {
  return {
    id,
    accountId: "acc-1",
    email: `${id}@example.com`,
    firstName: id,
    lastName: "Test",
    role,
    language: "en",
    isActive: true,
    isRegistered: true,
    lastLoginAt: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    abilities: { update: true, changeRole: true, delete: true, invite: false },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the account users query layer", () => {
  it("keeps the answer of the latest search when an older one arrives last", async () => {
    const answers = new Map<string, (answer: Answer) => void>();
    serve(
      ({ url }) =>
        new Promise((resolve) => answers.set(new URL(url, "http://x").searchParams.get("search") ?? "", resolve)),
    );
    const { client } = testQueryClient();
    const list = new QueryObserver(client, accountUsersPageQuery("acc-1", { perPage: 25 }));
    const unsubscribe = list.subscribe(() => undefined);
    list.setOptions(accountUsersPageQuery("acc-1", { search: "ad", perPage: 25 }));
    await settle();
    answers.get("ad")!({ status: 200, body: pageOf([user("ada")]) });
    await settle();
    answers.get("")!({ status: 200, body: pageOf([user("everyone-1"), user("everyone-2")]) });
    await settle();
    expect(list.getCurrentResult().data?.data.map((item) => item.id)).toEqual(["ada"]);
    unsubscribe();
  });

  it("updates, removes and counts without reloading the page", async () => {
    const calls = serve(({ method, url, body }) => {
      if (method === "GET") return { status: 200, body: pageOf([user("ada"), user("bob")]) };
      if (method === "PUT") return { status: 200, body: { ...user(url.split("/").pop()!), ...(body as object) } };
      return { status: 200, body: { ok: true } };
    });
    const { client } = testQueryClient();
    const query = accountUsersPageQuery("acc-1", { perPage: 25 });
    await client.fetchQuery(query);
    await runMutation(client, updateAccountUserMutation(client, "acc-1"), { userId: "bob", body: { role: "reader" } });
    expect(client.getQueryData<AccountUserPage>(query.queryKey)?.data.find((item) => item.id === "bob")?.role).toBe(
      "reader",
    );
    await runMutation(client, removeAccountUserMutation(client, "acc-1"), "ada");
    const page = client.getQueryData<AccountUserPage>(query.queryKey);
    expect(page?.data.map((item) => item.id)).toEqual(["bob"]);
    expect(page?.pagination.total).toBe(1);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/v1/accounts/acc-1/administrators?perPage=25",
      "PUT /api/v1/accounts/acc-1/administrators/bob",
      "DELETE /api/v1/accounts/acc-1/administrators/ada",
    ]);
    // The list on screen is read again in the background (none is on screen here).
    expect(client.getQueryState(query.queryKey)?.isInvalidated).toBe(true);
  });

  it("a user changing their own names changes the signed-in user too", async () => {
    serve(({ body }) => ({ status: 200, body: { ...user("me"), ...(body as object) } }));
    const { client } = testQueryClient();
    client.setQueryData(sessionKey, { user: user("me"), account: null, capabilities: [] });
    await runMutation(client, updateAccountUserMutation(client, "acc-1"), { userId: "me", body: { firstName: "Ida" } });
    expect(client.getQueryData<{ user: AccountUserJson }>(sessionKey)?.user.firstName).toBe("Ida");
  });

  it("invites (the new user is listed once the lists are read again) and sends an invitation again", async () => {
    const calls = serve(({ method }) =>
      method === "POST" ? { status: 201, body: user("sam") } : { status: 200, body: pageOf([]) },
    );
    const { client } = testQueryClient();
    await client.fetchQuery(accountUsersPageQuery("acc-1", {}));
    const invited = await runMutation(client, inviteAccountUserMutation(client, "acc-1"), {
      email: "sam@example.com",
      firstName: "Sam",
      lastName: "Taylor",
      role: "editor",
      language: "en",
    });
    expect(invited.id).toBe("sam");
    expect(client.getQueryState(accountUserKeys.list("acc-1", {}))?.isInvalidated).toBe(true);
    await runMutation(client, sendInvitationMutation("acc-1"), "sam");
    expect(calls.at(-1)).toMatchObject({ method: "POST", url: "/api/v1/accounts/acc-1/administrators/sam/invite" });
  });

  it("tells the session when it has ended", async () => {
    serve(() => refusal(401, "unauthenticated"));
    const { client, ends } = testQueryClient();
    await expect(client.fetchQuery(accountUsersPageQuery("acc-1", {}))).rejects.toMatchObject({
      code: "unauthenticated",
    });
    expect(ends.count).toBe(1);
    expect(client.getQueryState(accountUserKeys.list("acc-1", {}))?.error).toMatchObject({ code: "unauthenticated" });
  });
});
