import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { addHook } from "../../../api/src/services/hooks.ts";
import { CAST_MEMBERS, expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { DEFAULT_PASSWORD } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildListedEvent, READ, sendGuarded, write, type Expectation } from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * The legacy duplicates endpoints (`/{event}/admin/duplicates/...`, event by slug) and the role × route
 * matrix of every duplicates route, REST and legacy: outsiders 404, readers 403 on writes, nothing changes.
 */
describe.each(databaseKinds())("legacy duplicates and the duplicates matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function eventWithPair(): Promise<{ event: Event; a: Guest; b: Guest }> {
    const { db } = suite.server;
    const event = await buildListedEvent(suite.cast);
    const a = await buildGuest(db, event, { firstName: "Léo", lastName: "Faure", email: "leo@example.fr" });
    const b = await buildGuest(db, event, { firstName: "Leo", lastName: "Faure", email: " LEO@example.fr" });
    return { event, a, b };
  }

  it("getDuplicatesJson lists the pairs of the event named by slug, with page params", async () => {
    const { event, a, b } = await eventWithPair();
    const response = await suite.cast
      .client("reader")
      .get(`/${event.slug}/admin/duplicates/getDuplicatesJson?page=1&perPage=10`);
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, perPage: 10, total: 1 });
    expect(response.body.data[0].reasons).toEqual(["email", "name"]);
    expect(response.body.data[0].guests.map((guest: { id: string }) => guest.id).sort()).toEqual([a.id, b.id].sort());
    expect((await suite.cast.client("reader").get("/no-such-event/admin/duplicates/getDuplicatesJson")).status).toBe(
      404,
    );
  });

  it("mergeJson keeps user1 and folds user2 into it", async () => {
    const { event, a, b } = await eventWithPair();
    await Guest.query(suite.server.db).findById(b.id).patch({ company: "Faure SA" });
    const response = await suite.cast
      .client("editor")
      .get(`/${event.slug}/admin/duplicates/mergeJson?user1=${b.id}&user2=${a.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: b.id, company: "Faure SA", firstName: "Leo" });
    expect(await Guest.query(suite.server.db).findById(a.id)).toBeUndefined();
    const self = await suite.cast
      .client("editor")
      .get(`/${event.slug}/admin/duplicates/mergeJson?user1=${b.id}&user2=${b.id}`);
    expect(self.status).toBe(422);
  });

  it("mergeJson changes data on GET: a cookie session must send the anti-forgery header", async () => {
    const { event, a, b } = await eventWithPair();
    const login = await suite.server.http.post("/api/v1/auth/login", {
      email: suite.cast.users.editor.user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.status).toBe(200);
    const setCookies = login.headers.getSetCookie();
    const cookies = setCookies.map((cookie) => cookie.split(";")[0]!).join("; ");
    const csrfCookie = setCookies.find((cookie) => cookie.startsWith("tessera_csrf="))!;
    const csrf = decodeURIComponent(csrfCookie.split(";")[0]!.slice("tessera_csrf=".length));
    const path = `/${event.slug}/admin/duplicates/mergeJson?user1=${a.id}&user2=${b.id}`;
    await expectNoChange(suite.server.db, async () => {
      const refused = await suite.server.http.withCookies(cookies).get(path);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("anti_forgery_failed");
    });
    expect((await suite.server.http.withCookies(cookies, csrf).get(path)).status).toBe(200);
  });

  it("deleteJson deletes through the guests' deletion path: a guarded guest (ticket) is refused and stays", async () => {
    const { event, a, b } = await eventWithPair();
    const unregister = addHook(suite.server.deps.hooks.guestDeletionGuards, async (_trx, ids) => {
      return new Map(ids.filter((id) => id === a.id).map((id) => [id, "guests_with_tickets_not_deleted" as const]));
    });
    try {
      const response = await suite.cast.client("editor").post(`/${event.slug}/admin/duplicates/deleteJson`, {
        selectedIds: [a.id, b.id],
      });
      expect(response.status).toBe(200);
      expect(response.body.deleted).toEqual([b.id]);
      expect(response.body.refused).toEqual([{ id: a.id, reason: expect.stringMatching(/ticket/i) }]);
      expect(await Guest.query(suite.server.db).findById(a.id)).toBeDefined();
      expect(await Guest.query(suite.server.db).findById(b.id)).toBeUndefined();

      await expectNoChange(suite.server.db, async () => {
        const allRefused = await suite.cast.client("editor").post(`/${event.slug}/admin/duplicates/deleteJson`, {
          selectedIds: [a.id],
        });
        expect(allRefused.body).toMatchObject({ deleted: [], refused: [{ id: a.id }] });
      });
    } finally {
      unregister();
    }
  });

  // ---- role × route matrix ------------------------------------------------------------------------

  const ROWS: {
    name: string;
    expect: Expectation;
    isWrite: boolean;
    call(c: { event: Event; a: Guest; b: Guest; rest: string }): {
      method: "GET" | "POST";
      path: string;
      body?: unknown;
    };
  }[] = [
    {
      name: "GET duplicates",
      expect: READ,
      isWrite: false,
      call: (c) => ({ method: "GET", path: c.rest }),
    },
    {
      name: "POST duplicates/ignore",
      expect: write(200),
      isWrite: true,
      call: (c) => ({ method: "POST", path: `${c.rest}/ignore`, body: { guestIds: [c.a.id, c.b.id] } }),
    },
    {
      name: "POST duplicates/merge",
      expect: write(200),
      isWrite: true,
      call: (c) => ({ method: "POST", path: `${c.rest}/merge`, body: { keepId: c.a.id, mergeId: c.b.id } }),
    },
    {
      name: "legacy getDuplicatesJson",
      expect: READ,
      isWrite: false,
      call: (c) => ({ method: "GET", path: `/${c.event.slug}/admin/duplicates/getDuplicatesJson` }),
    },
    {
      name: "legacy mergeJson",
      expect: write(200),
      isWrite: true,
      call: (c) => ({
        method: "GET",
        path: `/${c.event.slug}/admin/duplicates/mergeJson?user1=${c.a.id}&user2=${c.b.id}`,
      }),
    },
    {
      name: "legacy deleteJson",
      expect: write(200),
      isWrite: true,
      call: (c) => ({
        method: "POST",
        path: `/${c.event.slug}/admin/duplicates/deleteJson`,
        body: { selectedIds: [c.b.id] },
      }),
    },
  ];

  for (const row of ROWS) {
    it(`matrix: ${row.name}`, async () => {
      for (const member of CAST_MEMBERS) {
        const { event, a, b } = await eventWithPair();
        const rest = `/api/v1/events/${suite.cast.accountA.id}/${event.id}/duplicates`;
        const call = row.call({ event, a, b, rest });
        const send = () => suite.cast.client(member).request(call.method, call.path, { body: call.body });
        const expected = row.expect[member];
        const response = await sendGuarded(suite.server.db, expected, send, row.isWrite);
        expect({ member, status: response.status }).toEqual({ member, status: expected });
      }
    });
  }
});
