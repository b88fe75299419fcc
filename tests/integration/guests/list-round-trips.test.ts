import { describe, expect, it } from "vitest";
import type { Db } from "../../../api/src/db/knex.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent, buildTeam, listOnEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { buildGuests } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * A page of the guest list and the actor's access to its event are read in one statement; only an empty
 * page asks for the event apart (a missing event and an event without guests answer differently). Whoever
 * may not see the event gets 404 and nothing of its guests, whether the page had rows or not.
 */
describe.each(databaseKinds())("guest list round trips on %s", (kind) => {
  const suite = useTestServer(kind);

  /** The statements a request sends, the caller's session already known (trustedLookups.ts). */
  async function statementsOf(db: Db, http: HttpClient, path: string) {
    expect((await http.get("/api/v1/auth/me")).status).toBe(200);
    const sent: string[] = [];
    const onQuery = (query: { sql: string }) => sent.push(query.sql);
    db.on("query", onQuery);
    try {
      return { response: await http.get(path), sent };
    } finally {
      db.off("query", onQuery);
    }
  }

  async function userOf(db: Db, accountId: string, role: "overseer" | "editor" | "reader") {
    const user = await buildUser(db, { accountId, role });
    return { user, http: suite.server.http.as(await sessionTokenFor(db, suite.server.config, user)) };
  }

  it("reads a page and the event's access in one statement; an empty page asks for the event apart", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const { http } = await userOf(db, account.id, "overseer");
    const event = await buildEvent(db, account.id);
    await buildGuests(db, event, 30);
    const path = `/api/v1/events/${account.id}/${event.id}/users?count=false`;

    const full = await statementsOf(db, http, path);
    expect(full.response.status).toBe(200);
    expect(full.response.body.data).toHaveLength(30);
    expect(full.response.body.data[0].abilities).toEqual({ update: true, delete: true });
    expect(full.sent).toHaveLength(1);
    expect(full.sent[0]).toMatch(/from [`"]guests[`"]/);
    expect(full.sent[0]).toMatch(/from [`"]events[`"]/);

    const beyond = await statementsOf(db, http, `${path}&page=2`);
    expect(beyond.response.status).toBe(200);
    expect(beyond.response.body.data).toEqual([]);
    expect(beyond.sent).toHaveLength(2);

    const missing = await statementsOf(db, http, path.replace(event.id, "00000000-0000-4000-8000-000000000000"));
    expect(missing.response.status).toBe(404);
  });

  it("answers 404 with nothing of the guests to whoever may not see the event, page full or empty", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const empty = await buildEvent(db, account.id);
    await buildGuests(db, event, 5, (index) => ({ lastName: `Secret${index}` }));
    const paths = [event, empty].map((one) => `/api/v1/events/${account.id}/${one.id}/users`);

    const outsider = await userOf(db, (await buildAccount(db)).id, "overseer");
    const unlisted = await userOf(db, account.id, "editor");
    for (const caller of [outsider, unlisted]) {
      for (const path of paths) {
        const refused = await caller.http.get(path);
        expect(refused.status, path).toBe(404);
        expect(JSON.stringify(refused.body)).not.toContain("Secret");
      }
    }
    // The other account's overseer, naming the event under their own account, finds nothing either.
    const elsewhere = await outsider.http.get(`/api/v1/events/${outsider.user.accountId}/${event.id}/users`);
    expect(elsewhere.status).toBe(404);
  });

  it("lets those the event lists read it, each with their own abilities", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    await buildGuests(db, event, 3);
    const path = `/api/v1/events/${account.id}/${event.id}/users`;
    const listedEditor = await userOf(db, account.id, "editor");
    const listedReader = await userOf(db, account.id, "reader");
    const teamEditor = await userOf(db, account.id, "editor");
    const team = await buildTeam(db, account.id, [teamEditor.user.id]);
    await listOnEvent(db, event.id, { userIds: [listedEditor.user.id, listedReader.user.id], teamIds: [team.id] });

    for (const [caller, update] of [
      [listedEditor, true],
      [listedReader, false],
      [teamEditor, true],
    ] as const) {
      const { response, sent } = await statementsOf(db, caller.http, path);
      expect(response.status).toBe(200);
      expect(response.body.data).toHaveLength(3);
      expect(response.body.data[0].abilities).toEqual({ update, delete: update });
      expect(sent.filter((sql) => /from [`"]events[`"]/.test(sql))).toHaveLength(1);
    }
  });
});
