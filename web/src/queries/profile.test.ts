import { afterEach, describe, expect, it, vi } from "vitest";
import { accountUsersPageQuery } from "./accountUsers.ts";
import { changePasswordMutation, updateProfileMutation } from "./profile.ts";
import type { SessionJson } from "./session.ts";
import { sessionKey } from "./sessionKeys.ts";
import { pageOf, refusal, runMutation, serve, testQueryClient } from "./testing.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the profile query layer", () => {
  it("saving one's profile changes the signed-in user (the back-office follows its language)", async () => {
    const calls = serve(({ method, body }) =>
      method === "GET"
        ? { status: 200, body: pageOf([]) }
        : { status: 200, body: { id: "me", firstName: "Ada", lastName: "L", language: "en", ...(body as object) } },
    );
    const { client } = testQueryClient();
    client.setQueryData(sessionKey, { user: { id: "me", language: "en" }, account: null, capabilities: [] });
    const users = accountUsersPageQuery("acc", {});
    await client.fetchQuery(users);
    await runMutation(client, updateProfileMutation(client), { firstName: "Ada", lastName: "L", language: "fr" });
    expect(calls[1]).toMatchObject({ method: "POST", url: "/api/v1/profile" });
    expect(client.getQueryData<SessionJson>(sessionKey)?.user.language).toBe("fr");
    expect(client.getQueryState(users.queryKey)?.isInvalidated).toBe(true);
  });

  it("a wrong current password is the API's refusal on that field", async () => {
    serve(() => refusal(422, "validation_failed", [{ field: "currentPassword", message: "Wrong password." }]));
    const { client } = testQueryClient();
    const change = runMutation(client, changePasswordMutation(), {
      currentPassword: "old",
      password: "New-Password-1!",
      confirmation: "New-Password-1!",
    });
    await expect(change).rejects.toMatchObject({ status: 422 });
    await change.catch((error: { messageFor(field: string): string | undefined }) =>
      expect(error.messageFor("currentPassword")).toBe("Wrong password."),
    );
  });
});
