import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCast, CAST_MEMBERS, expectNoChange, type Cast, type CastMember } from "../helpers/actors.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildUser } from "../helpers/factories.ts";
import { buildEvent, buildTeam, listOnEvent, uniqueSlug } from "../helpers/events.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Every events route × every kind of caller (QUALITY.md, tenant isolation). Each call targets a
 * fresh event of account A on the user lists of the reader, editor and organizer (so they see it):
 * allowed calls succeed, refused ones get 401 / 403 / 404 (outsiders always 404) and change nothing.
 */

type Expectation = Record<CastMember, number>;
const ERROR_CODES: Record<number, string> = { 401: "unauthenticated", 403: "forbidden", 404: "not_found" };

function expectation(ok: number, allowed: readonly CastMember[]): Expectation {
  const row = { anonymous: 401, outsider: 404, outsiderOverseer: 404 } as Expectation;
  for (const member of ["reader", "editor", "organizer", "overseer", "administrator", "apiKey"] as const) {
    row[member] = allowed.includes(member) ? ok : 403;
  }
  return row;
}

const EVERY_MEMBER = ["reader", "editor", "organizer", "overseer", "administrator", "apiKey"] as const;
const EDITORS_UP = ["editor", "organizer", "overseer", "administrator", "apiKey"] as const; // the API key is an organizer
const ORGANIZERS_UP = ["organizer", "overseer", "administrator", "apiKey"] as const;
const MANAGERS = ["overseer", "administrator"] as const;

interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
}
interface Row {
  name: string;
  expect: Expectation;
  call(cast: Cast, context: { events: string; event: string }): Promise<Call>;
}

/** A fresh event of account A that the reader, editor and organizer are listed on. */
async function listedEvent(cast: Cast): Promise<string> {
  const event = await buildEvent(cast.server.db, cast.accountA.id);
  await listOnEvent(cast.server.db, event.id, {
    userIds: [cast.users.reader.user.id, cast.users.editor.user.id, cast.users.organizer.user.id],
  });
  return event.id;
}

const ROWS: Row[] = [
  {
    name: "GET /events",
    expect: expectation(200, EVERY_MEMBER),
    call: async (_, c) => ({ method: "GET", path: c.events }),
  },
  {
    name: "POST /events",
    expect: expectation(201, ORGANIZERS_UP),
    call: async (_, c) => ({ method: "POST", path: c.events, body: { name: "Matrix", slug: uniqueSlug("matrix") } }),
  },
  {
    name: "POST /events (an admin-only field)",
    expect: expectation(201, ["administrator"]),
    call: async (_, c) => ({
      method: "POST",
      path: c.events,
      body: { name: "Matrix", slug: uniqueSlug("matrix"), retentionDays: 30 },
    }),
  },
  {
    name: "GET /events/{id}?expand=access",
    expect: expectation(200, EVERY_MEMBER),
    call: async (_, c) => ({ method: "GET", path: `${c.event}?expand=access` }),
  },
  {
    name: "POST /events/{id}",
    expect: expectation(200, EDITORS_UP),
    call: async (_, c) => ({ method: "POST", path: c.event, body: { name: "Renamed", venueName: "Hall 2" } }),
  },
  {
    name: "POST /events/{id} (an admin-only field)",
    expect: expectation(200, ["administrator"]),
    call: async (_, c) => ({ method: "POST", path: c.event, body: { name: "Renamed", modules: { forms: false } } }),
  },
  {
    name: "DELETE /events/{id}",
    expect: expectation(200, ORGANIZERS_UP),
    call: async (_, c) => ({ method: "DELETE", path: c.event }),
  },
  {
    name: "POST /events/{id}/duplicate",
    expect: expectation(201, ORGANIZERS_UP),
    call: async (_, c) => ({
      method: "POST",
      path: `${c.event}/duplicate`,
      body: { name: "Copy", slug: uniqueSlug("copy") },
    }),
  },
  {
    name: "POST /events/{id}/archive",
    expect: expectation(200, EDITORS_UP),
    call: async (_, c) => ({ method: "POST", path: `${c.event}/archive` }),
  },
  {
    name: "POST /events/{id}/unarchive",
    expect: expectation(200, EDITORS_UP),
    call: async (cast, c) => {
      await cast.server
        .db("events")
        .where({ id: c.event.split("/").pop() })
        .update({ isArchived: true });
      return { method: "POST", path: `${c.event}/unarchive` };
    },
  },
  {
    name: "PUT /events/{id}/administrators/{userId}",
    expect: expectation(200, MANAGERS),
    call: async (cast, c) => {
      const user = await buildUser(cast.server.db, { accountId: cast.accountA.id, role: "editor", password: null });
      return { method: "PUT", path: `${c.event}/administrators/${user.id}` };
    },
  },
  {
    name: "DELETE /events/{id}/administrators/{userId}",
    expect: expectation(200, MANAGERS),
    call: async (cast, c) => ({ method: "DELETE", path: `${c.event}/administrators/${cast.users.reader.user.id}` }),
  },
  {
    name: "PUT /events/{id}/teams/{teamId}",
    expect: expectation(200, MANAGERS),
    call: async (cast, c) => {
      const team = await buildTeam(cast.server.db, cast.accountA.id);
      return { method: "PUT", path: `${c.event}/teams/${team.id}` };
    },
  },
  {
    name: "DELETE /events/{id}/teams/{teamId}",
    expect: expectation(200, MANAGERS),
    call: async (cast, c) => {
      const team = await buildTeam(cast.server.db, cast.accountA.id);
      const eventId = c.event.split("/").pop()!;
      await listOnEvent(cast.server.db, eventId, { teamIds: [team.id] });
      return { method: "DELETE", path: `${c.event}/teams/${team.id}` };
    },
  },
];

describe.each(databaseKinds())("events: role × route matrix on %s", (kind) => {
  let server: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    cast = await buildCast(server);
  });
  afterAll(async () => server?.close());

  describe.each(ROWS)("$name", (row) => {
    it.each(CAST_MEMBERS)("as %s", async (member) => {
      const events = `/accounts/${cast.accountA.id}/events`;
      const call = await row.call(cast, { events, event: `${events}/${await listedEvent(cast)}` });
      const expected = row.expect[member];
      const send = () => cast.client(member).request(call.method, `/api/v1${call.path}`, { body: call.body });
      const response = expected >= 400 && call.method !== "GET" ? await expectNoChange(server.db, send) : await send();
      expect(response.status, JSON.stringify(response.body)).toBe(expected);
      if (expected >= 400) expect(response.body.error.code).toBe(ERROR_CODES[expected]);
    });
  });

  it("hides an event the caller is not tied to, from insiders too (404, nothing changes)", async () => {
    const hidden = await buildEvent(server.db, cast.accountA.id);
    const path = `/api/v1/accounts/${cast.accountA.id}/events/${hidden.id}`;
    for (const member of ["reader", "editor", "organizer"] as const) {
      const client = cast.client(member);
      expect((await client.get(path)).status).toBe(404);
      for (const write of [
        () => client.post(path, { name: "Hijacked" }),
        () => client.delete(path),
        () => client.post(`${path}/archive`),
        () => client.post(`${path}/duplicate`, { name: "Copy", slug: uniqueSlug() }),
      ]) {
        const response = await expectNoChange(server.db, write);
        expect(response.status).toBe(404);
      }
    }
    for (const member of ["overseer", "administrator", "apiKey"] as const) {
      expect((await cast.client(member).get(path)).status).toBe(200);
    }
  });

  it("answers outsiders and a missing event alike, also through their own account", async () => {
    const event = await buildEvent(server.db, cast.accountA.id);
    const strip = (body: { error: Record<string, unknown> }) => ({ ...body.error, requestId: undefined });
    const missing = await cast
      .client("overseer")
      .get(`/api/v1/accounts/${cast.accountA.id}/events/${cast.accountB.id}`);
    const outsider = await cast
      .client("outsiderOverseer")
      .get(`/api/v1/accounts/${cast.accountA.id}/events/${event.id}`);
    const viaOwnAccount = await cast
      .client("outsiderOverseer")
      .get(`/api/v1/accounts/${cast.accountB.id}/events/${event.id}`);
    expect(missing.status).toBe(404);
    expect(strip(outsider.body)).toEqual(strip(missing.body));
    expect(strip(viaOwnAccount.body)).toEqual(strip(missing.body));
    const write = await expectNoChange(server.db, () =>
      cast.client("outsiderOverseer").post(`/api/v1/accounts/${cast.accountB.id}/events/${event.id}`, { name: "X" }),
    );
    expect(write.status).toBe(404);
    expect((await cast.client("administrator").get("/api/v1/accounts/not-a-uuid/events")).status).toBe(404);
  });
});
