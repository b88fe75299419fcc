import { describe, expect, it } from "vitest";
import { expectNoChange, type Cast } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildUser } from "../../helpers/factories.ts";
import { buildEvent, buildTeam, listOnEvent, uniqueSlug } from "../../helpers/events.ts";
import {
  buildListedEvent,
  describeRows,
  expectation,
  expectMatrixCall,
  managers,
  ORGANIZERS_UP,
  READ,
  write,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every events route × every kind of caller (QUALITY.md, tenant isolation). Each call targets a
 * fresh event of account A on the user lists of the reader, editor and organizer (so they see it):
 * allowed calls succeed, refused ones get 401 / 403 / 404 (outsiders always 404) and change nothing.
 */

/** The API key is an organizer's. */
type Row = MatrixRow<[Cast, { events: string; event: string }]>;

const ROWS: Row[] = [
  {
    name: "GET /events",
    expect: READ,
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
    expect: READ,
    call: async (_, c) => ({ method: "GET", path: `${c.event}?expand=access` }),
  },
  {
    name: "POST /events/{id}",
    expect: write(200),
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
    expect: write(200),
    call: async (_, c) => ({ method: "POST", path: `${c.event}/archive` }),
  },
  {
    name: "POST /events/{id}/unarchive",
    expect: write(200),
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
    expect: managers(200),
    call: async (cast, c) => {
      const user = await buildUser(cast.server.db, { accountId: cast.accountA.id, role: "editor", password: null });
      return { method: "PUT", path: `${c.event}/administrators/${user.id}` };
    },
  },
  {
    name: "DELETE /events/{id}/administrators/{userId}",
    expect: managers(200),
    call: async (cast, c) => ({ method: "DELETE", path: `${c.event}/administrators/${cast.users.reader.user.id}` }),
  },
  {
    name: "PUT /events/{id}/teams/{teamId}",
    expect: managers(200),
    call: async (cast, c) => {
      const team = await buildTeam(cast.server.db, cast.accountA.id);
      return { method: "PUT", path: `${c.event}/teams/${team.id}` };
    },
  },
  {
    name: "DELETE /events/{id}/teams/{teamId}",
    expect: managers(200),
    call: async (cast, c) => {
      const team = await buildTeam(cast.server.db, cast.accountA.id);
      const eventId = c.event.split("/").pop()!;
      await listOnEvent(cast.server.db, eventId, { teamIds: [team.id] });
      return { method: "DELETE", path: `${c.event}/teams/${team.id}` };
    },
  },
];

describe.each(databaseKinds())("events: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  describeRows(ROWS, async (row, member) => {
    const events = `/accounts/${suite.cast.accountA.id}/events`;
    const call = await row.call(suite.cast, { events, event: `${events}/${(await buildListedEvent(suite.cast)).id}` });
    await expectMatrixCall(suite.cast, member, row.expect[member], call, "/api/v1");
  });

  it("hides an event the caller is not tied to, from insiders too (404, nothing changes)", async () => {
    const hidden = await buildEvent(suite.server.db, suite.cast.accountA.id);
    const path = `/api/v1/accounts/${suite.cast.accountA.id}/events/${hidden.id}`;
    for (const member of ["reader", "editor", "organizer"] as const) {
      const client = suite.cast.client(member);
      expect((await client.get(path)).status).toBe(404);
      for (const write of [
        () => client.post(path, { name: "Hijacked" }),
        () => client.delete(path),
        () => client.post(`${path}/archive`),
        () => client.post(`${path}/duplicate`, { name: "Copy", slug: uniqueSlug() }),
      ]) {
        const response = await expectNoChange(suite.server.db, write);
        expect(response.status).toBe(404);
      }
    }
    for (const member of ["overseer", "administrator", "apiKey"] as const) {
      expect((await suite.cast.client(member).get(path)).status).toBe(200);
    }
  });

  it("answers outsiders and a missing event alike, also through their own account", async () => {
    const event = await buildEvent(suite.server.db, suite.cast.accountA.id);
    const strip = (body: { error: Record<string, unknown> }) => ({ ...body.error, requestId: undefined });
    const missing = await suite.cast
      .client("overseer")
      .get(`/api/v1/accounts/${suite.cast.accountA.id}/events/${suite.cast.accountB.id}`);
    const outsider = await suite.cast
      .client("outsiderOverseer")
      .get(`/api/v1/accounts/${suite.cast.accountA.id}/events/${event.id}`);
    const viaOwnAccount = await suite.cast
      .client("outsiderOverseer")
      .get(`/api/v1/accounts/${suite.cast.accountB.id}/events/${event.id}`);
    expect(missing.status).toBe(404);
    expect(strip(outsider.body)).toEqual(strip(missing.body));
    expect(strip(viaOwnAccount.body)).toEqual(strip(missing.body));
    const write = await expectNoChange(suite.server.db, () =>
      suite.cast
        .client("outsiderOverseer")
        .post(`/api/v1/accounts/${suite.cast.accountB.id}/events/${event.id}`, { name: "X" }),
    );
    expect(write.status).toBe(404);
    expect((await suite.cast.client("administrator").get("/api/v1/accounts/not-a-uuid/events")).status).toBe(404);
  });
});
