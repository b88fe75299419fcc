import { afterEach, describe, expect, it, vi } from "vitest";
import { portalKeys, portalMeQuery, portalSignInMutation, portalSignOutMutation } from "./portal.ts";
import { runMutation, serve, testQueryClient } from "./testing.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const me = {
  guest: { id: "g-1", firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", status: "confirmed" },
  event: { name: "Summit", slug: "summit" },
};

describe("the guest portal in the query layer", () => {
  it("reads nobody signed in from a 401, without ending the back-office's session", async () => {
    const calls = serve(() => ({ status: 401, body: { error: { code: "unauthenticated", message: "Sign in" } } }));
    const { client, ends } = testQueryClient();
    expect(await client.fetchQuery(portalMeQuery("summit"))).toBeNull();
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/v1/public/events/summit/portal/me" });
    expect(ends.count).toBe(0);
  });

  it("knows the guest once signed in with the link's token, and forgets them on sign-out", async () => {
    const calls = serve((call) =>
      call.url.endsWith("/session") ? { status: 200, body: me } : { status: 200, body: { ok: true } },
    );
    const { client } = testQueryClient();
    await runMutation(client, portalSignInMutation("summit"), { token: "tsl_0123456789abcdefghij" });
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/public/events/summit/portal/session",
      body: { token: "tsl_0123456789abcdefghij" },
    });
    expect(client.getQueryData(portalKeys.me("summit"))).toEqual(me);
    await runMutation(client, portalSignOutMutation("summit"), undefined);
    expect(calls[1]).toMatchObject({ method: "POST", url: "/api/v1/public/events/summit/portal/logout" });
    expect(client.getQueryData(portalKeys.me("summit"))).toBeNull();
  });
});
