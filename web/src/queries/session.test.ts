import { QueryObserver, type QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventsPageQuery } from "./events.ts";
import { createQueryClient } from "./queryClient.ts";
import {
  forgetPreviousSession,
  sessionQuery,
  signedInOf,
  signInMutation,
  signOutMutation,
  type SessionJson,
} from "./session.ts";
import { endSession, sessionKey } from "./sessionKeys.ts";
import { pageOf, refusal, runMutation, serve, testQueryClient } from "./testing.ts";

function session(capabilities: string[] = []): SessionJson {
  return {
    user: { id: "u1", firstName: "Ada", lastName: "Lovelace", language: "fr" },
    account: { id: "acc", name: "Harbour" },
    capabilities,
  } as unknown as SessionJson;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the session query", () => {
  it("reads who is signed in once; a 401 means nobody is (null), not a session end to report", async () => {
    const { client, ends } = testQueryClient();
    const calls = serve(() => ({ status: 200, body: session(["platform.manage"]) }));
    const me = await client.fetchQuery(sessionQuery());
    expect(calls.map((call) => call.url)).toEqual(["/api/v1/auth/me"]);
    expect(signedInOf(me!).can("platform.manage")).toBe(true);
    expect(signedInOf(me!).can("events.update")).toBe(false);
    // It stays fresh: the back-office does not ask again.
    await client.fetchQuery(sessionQuery());
    expect(calls).toHaveLength(1);

    const { client: anonymous, ends: anonymousEnds } = testQueryClient();
    serve(() => refusal(401, "unauthenticated"));
    expect(await anonymous.fetchQuery(sessionQuery())).toBeNull();
    expect(anonymousEnds.count).toBe(0);
    expect(ends.count).toBe(0);
  });

  it("keeps a failure to read the session (the gate offers to try again)", async () => {
    const { client } = testQueryClient();
    serve(() => refusal(403, "forbidden"));
    await expect(client.fetchQuery(sessionQuery())).rejects.toMatchObject({ status: 403 });
    expect(client.getQueryState(sessionKey)?.status).toBe("error");
  });

  it("forgets who was signed in when any call is answered 401 (the gate then sends to sign in)", async () => {
    let signedIn = true;
    serve(({ url }) =>
      url.endsWith("/auth/me") || signedIn ? { status: 200, body: session() } : refusal(401, "unauthenticated"),
    );
    // As App.tsx wires it: a 401 ends the session in the cache.
    const client: QueryClient = createQueryClient({ onUnauthenticated: () => endSession(client) });
    await client.fetchQuery(sessionQuery());
    signedIn = false;
    await expect(client.fetchQuery(eventsPageQuery("acc", {}))).rejects.toMatchObject({ status: 401 });
    expect(client.getQueryData(sessionKey)).toBeNull();
  });

  it("signing in drops the session read before: the back-office reads the new one", async () => {
    const { client } = testQueryClient();
    const calls = serve(() => ({ status: 200, body: { token: "t", expiresAt: "2030-01-01T00:00:00.000Z" } }));
    client.setQueryData(sessionKey, null);
    await runMutation(client, signInMutation(client), { email: "ada@example.com", password: "secret" });
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/auth/login",
      body: { email: "ada@example.com", password: "secret" },
    });
    expect(client.getQueryState(sessionKey)).toBeUndefined();
  });

  it("signing out of a session that had already ended is no failure and no second end", async () => {
    const { client, ends } = testQueryClient();
    serve(() => refusal(401, "unauthenticated"));
    await expect(runMutation(client, signOutMutation(), undefined)).resolves.toBeUndefined();
    expect(ends.count).toBe(0);
    serve(() => refusal(500, "internal_error"));
    await expect(runMutation(client, signOutMutation(), undefined)).rejects.toMatchObject({ status: 500 });
  });

  it("arriving at sign-in forgets what no screen shows any more, and keeps what one does", async () => {
    const { client } = testQueryClient();
    serve(() => ({ status: 200, body: pageOf([]) }));
    client.setQueryData(sessionKey, session());
    await client.fetchQuery(eventsPageQuery("acc", {}));
    const shown = new QueryObserver(client, { queryKey: ["invitation", "token"], queryFn: () => "shown" });
    const unsubscribe = shown.subscribe(() => undefined);
    forgetPreviousSession(client);
    expect(client.getQueryData(sessionKey)).toBeUndefined();
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([["invitation", "token"]]);
    unsubscribe();
  });
});
