import { describe, expect, it } from "vitest";
import { ApiError, type HandTypedApiClient as ApiClient, type PageOf } from "@tessera/shared/client";
import type { User } from "@tessera/shared/schemas/users";
import { AccountUsersStore } from "./AccountUsersStore.ts";

function user(id: string, role: User["role"] = "editor"): User {
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

function page(items: User[]): PageOf<User> {
  return { data: items, pagination: { page: 1, perPage: 25, total: items.length } };
}

/** A stand-in of the typed client for the calls this store makes. */
function fakeApi(accountUsers: Partial<ApiClient["accountUsers"]>): ApiClient {
  return { accountUsers } as unknown as ApiClient;
}

describe("AccountUsersStore", () => {
  it("keeps the answer of the latest search when an older one arrives last", async () => {
    const answers = new Map<string, (value: PageOf<User>) => void>();
    const api = fakeApi({
      list: (_accountId, query) => new Promise((resolve) => answers.set(query?.search ?? "", resolve)),
    });
    const store = new AccountUsersStore({ api, onUnauthenticated: () => undefined });
    store.showAccount("acc-1");
    store.setQuery({ search: "ad" });
    answers.get("ad")!(page([user("ada")]));
    answers.get("")!(page([user("everyone-1"), user("everyone-2")]));
    await Promise.resolve();
    await Promise.resolve();
    expect(store.items.map((item) => item.id)).toEqual(["ada"]);
  });

  it("updates, removes and counts without reloading the page", async () => {
    const api = fakeApi({
      list: async () => page([user("ada"), user("bob")]),
      update: async (_accountId, userId, body) => ({ ...user(userId), ...body }),
      remove: async () => ({ ok: true as const }),
    });
    const store = new AccountUsersStore({ api, onUnauthenticated: () => undefined });
    store.showAccount("acc-1");
    await store.load(1);
    await store.changeRole("bob", "reader");
    expect(store.items.find((item) => item.id === "bob")?.role).toBe("reader");
    await store.remove("ada");
    expect(store.items.map((item) => item.id)).toEqual(["bob"]);
    expect(store.pagination.total).toBe(1);
  });

  it("tells the root store when the session has ended", async () => {
    let ended = false;
    const api = fakeApi({
      list: async () => {
        throw new ApiError(401, "unauthenticated", "Please sign in to continue.");
      },
    });
    const store = new AccountUsersStore({ api, onUnauthenticated: () => (ended = true) });
    store.showAccount("acc-1");
    await store.load(1);
    expect(ended).toBe(true);
    expect(store.loadError?.code).toBe("unauthenticated");
  });
});
