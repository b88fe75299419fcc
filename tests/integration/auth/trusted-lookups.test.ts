import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { Db } from "../../../api/src/db/knex.ts";
import { createDb } from "../../../api/src/db/knex.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildApiKey, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * A caller's session or API key is read once for requests in quick succession (trustedLookups.ts), and
 * whatever changes who they are is seen on their very next request: sign-out, a role changed, an account
 * suspended, a key revoked, in a transaction or not; a change written by another process within 2 s.
 */
describe.each(databaseKinds())("trusted sessions and API keys on %s", (kind) => {
  const suite = useTestServer(kind);

  /** The statements a request sends that read or write `table`. */
  async function readsOf(db: Db, table: string, request: () => Promise<unknown>): Promise<number> {
    const pattern = new RegExp(`[\`"]${table}[\`"]`);
    let reads = 0;
    const onQuery = (query: { sql: string }) => void (pattern.test(query.sql) && reads++);
    db.on("query", onQuery);
    try {
      await request();
    } finally {
      db.off("query", onQuery);
    }
    return reads;
  }

  async function signedIn(role: "overseer" | "editor" = "editor") {
    const { db, config } = suite.server;
    const account = await buildAccount(db);
    const user = await buildUser(db, { accountId: account.id, role });
    return { account, user, http: suite.server.http.as(await sessionTokenFor(db, config, user)) };
  }

  const me = (http: HttpClient) => http.get("/api/v1/auth/me");

  it("reads a session once for requests in quick succession", async () => {
    const { http } = await signedIn();
    expect(await readsOf(suite.server.db, "sessions", () => me(http))).toBe(1);
    expect(await readsOf(suite.server.db, "sessions", () => me(http))).toBe(0);
    expect((await me(http)).status).toBe(200);
  });

  it("refuses a signed-out session on its next request", async () => {
    const { http } = await signedIn();
    expect((await me(http)).status).toBe(200);
    expect((await http.post("/api/v1/auth/logout")).status).toBe(200);
    expect((await me(http)).status).toBe(401);
  });

  it("sees a role changed through the API, and an account suspended in a transaction, at once", async () => {
    const { db } = suite.server;
    const { account, user, http } = await signedIn("editor");
    const overseer = suite.server.http.as(
      await sessionTokenFor(db, suite.server.config, await buildUser(db, { accountId: account.id, role: "overseer" })),
    );
    expect((await me(http)).body.user.role).toBe("editor");
    const changed = await overseer.put(`/api/v1/accounts/${account.id}/administrators/${user.id}`, { role: "reader" });
    expect(changed.status).toBe(200);
    expect((await me(http)).body.user.role).toBe("reader");

    await db.transaction(async (trx) => {
      await trx("accounts").where({ id: account.id }).update({ isActive: false });
    });
    expect((await me(http)).status).toBe(401);
  });

  // SQLite has one connection: a request waits for the transaction instead of reading beside it.
  it.runIf(kind === "postgres")("keeps nothing read while a transaction changing a user is open", async () => {
    const { db } = suite.server;
    const { user, http } = await signedIn("editor");
    const trx = await db.transaction();
    try {
      await trx("users").where({ id: user.id }).update({ role: "reader" });
      expect((await me(http)).body.user.role).toBe("editor");
      expect((await me(http)).body.user.role).toBe("editor");
      await trx.commit();
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }
    expect((await me(http)).body.user.role).toBe("reader");
  });

  it("refuses a revoked API key on its next request, and reads a key once in quick succession", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const { apiKey, token } = await buildApiKey(db, account.id);
    const http = suite.server.http.as(token);
    const events = `/api/v1/accounts/${account.id}/events`;
    // The first use writes the key's last use, which makes the next request read it again.
    expect(await readsOf(db, "api_keys", () => http.get(events))).toBe(2);
    expect(await readsOf(db, "api_keys", () => http.get(events))).toBe(1);
    expect(await readsOf(db, "api_keys", () => http.get(events))).toBe(0);
    await db("apiKeys").where({ id: apiKey.id }).update({ revokedAt: new Date().toISOString() });
    expect((await http.get(events)).status).toBe(401);
  });

  it("sees within two seconds a change another process wrote", async () => {
    const { server } = suite;
    const { user, http } = await signedIn();
    expect((await me(http)).status).toBe(200);
    const elsewhere = createDb({ databaseUrl: server.config.databaseUrl, sqliteFile: server.config.sqliteFile });
    try {
      await elsewhere("sessions").where({ userId: user.id }).update({ revokedAt: new Date().toISOString() });
    } finally {
      await elsewhere.destroy();
    }
    await sleep(2_100);
    expect((await me(http)).status).toBe(401);
  });
});
