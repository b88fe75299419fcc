import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Event } from "../../../api/src/models/Event.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent, buildImage, buildTeam, listOnEvent } from "../../helpers/events.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Spec §2 events list: filters, sorts, search, pagination, visibility, archive; a fixed number of queries. */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(databaseKinds())("events list on %s", (kind) => {
  const suite = useCastServer(kind);
  let overseer: HttpClient;
  // Tests read the JSON shapes freely; the assertions are the type check.
  let list: (query?: string, client?: HttpClient) => Promise<{ names: string[]; body: any }>;

  beforeAll(async () => {
    overseer = suite.cast.client("overseer");
    const now = Date.now();
    const at = (offset: number) => new Date(now + offset);
    const specs: [string, Partial<Event>][] = [
      ["Banana past", { startsAt: at(-10 * DAY), endsAt: at(-9 * DAY) }],
      ["apple live", { startsAt: at(-HOUR), endsAt: at(HOUR) }],
      ["Cherry soon", { startsAt: at(5 * DAY), endsAt: at(6 * DAY) }],
      ["date sooner", { startsAt: at(2 * DAY), endsAt: null }],
      ["Elder undated", { startsAt: null, endsAt: null }],
      ["fig point past", { startsAt: at(-2 * HOUR), endsAt: null }],
      ["hazel end only", { startsAt: null, endsAt: at(-DAY) }],
      ["Grape archived 100%", { startsAt: at(3 * DAY), endsAt: at(4 * DAY), isArchived: true, archivedAt: at(-DAY) }],
    ];
    for (const [index, [name, values]] of specs.entries()) {
      await buildEvent(suite.server.db, suite.cast.accountA.id, {
        name,
        ...values,
        createdAt: new Date(now - (specs.length - index) * HOUR),
      });
    }
    list = async (query = "", client = overseer) => {
      const response = await client.get(`/api/v1/accounts/${suite.cast.accountA.id}/events${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return { names: response.body.data.map((event: { name: string }) => event.name), body: response.body };
    };
  });

  it("filters: all (not archived), upcoming, in progress, past, archived", async () => {
    const all = await list("?sort=name");
    expect(all.names).toEqual([
      "apple live",
      "Banana past",
      "Cherry soon",
      "date sooner",
      "Elder undated",
      "fig point past",
      "hazel end only",
    ]);
    expect(all.body.pagination).toEqual({ page: 1, perPage: 50, total: 7 });
    expect((await list("?filter=upcoming&sort=name")).names).toEqual(["Cherry soon", "date sooner"]);
    expect((await list("?filter=in_progress")).names).toEqual(["apple live"]);
    expect((await list("?filter=past&sort=name")).names).toEqual(["Banana past", "fig point past", "hazel end only"]);
    const archived = await list("?filter=archived");
    expect(archived.names).toEqual(["Grape archived 100%"]);
    expect(archived.body.data[0]).toMatchObject({ isArchived: true, status: "upcoming" });
  });

  it("gives each event its status", async () => {
    const { body } = await list();
    const status = Object.fromEntries(
      body.data.map((event: { name: string; status: string }) => [event.name, event.status]),
    );
    expect(status).toEqual({
      "Banana past": "past",
      "apple live": "in_progress",
      "Cherry soon": "upcoming",
      "date sooner": "upcoming",
      "Elder undated": "undated",
      "fig point past": "past",
      "hazel end only": "past",
    });
  });

  it("sorts by start date (undated last, then by name; the default), recently created, name (case-insensitive)", async () => {
    const byStart = [
      "Banana past",
      "fig point past",
      "apple live",
      "date sooner",
      "Cherry soon",
      "Elder undated",
      "hazel end only",
    ];
    expect((await list()).names).toEqual(byStart);
    expect((await list("?sort=start_date")).names).toEqual(byStart);
    expect((await list("?sort=recently_created")).names).toEqual([
      "hazel end only",
      "fig point past",
      "Elder undated",
      "date sooner",
      "Cherry soon",
      "apple live",
      "Banana past",
    ]);
  });

  it("searches the name, case-insensitively, with % and _ taken literally", async () => {
    expect((await list("?search=AN")).names).toEqual(["Banana past"]);
    expect((await list("?search=%20past&sort=name")).names).toEqual(["Banana past", "fig point past"]);
    expect((await list("?filter=archived&search=100%25")).names).toEqual(["Grape archived 100%"]);
    expect((await list("?search=%25")).names).toEqual([]);
    expect((await list("?search=_")).names).toEqual([]);
  });

  it("searches the slug of the public address too", async () => {
    const event = await buildEvent(suite.server.db, suite.cast.accountA.id, {
      name: "Quince",
      slug: "spring-gala-2026",
    });
    try {
      expect((await list("?search=GALA-20")).names).toEqual(["Quince"]);
      expect((await list("?search=quin")).names).toEqual(["Quince"]);
    } finally {
      await Event.query(suite.server.db).deleteById(event.id);
    }
  });

  it("paginates with the total of the filtered list", async () => {
    const page2 = await list("?sort=name&perPage=4&page=2");
    expect(page2.names).toEqual(["Elder undated", "fig point past", "hazel end only"]);
    expect(page2.body.pagination).toEqual({ page: 2, perPage: 4, total: 7 });
    expect((await list("?page=9")).names).toEqual([]);
    const invalid = await overseer.get(`/api/v1/accounts/${suite.cast.accountA.id}/events?sort=price&perPage=1000`);
    expect(invalid.status).toBe(422);
  });

  it("shows an editor only the events they created, are listed on or reach through a team", async () => {
    const editor = suite.cast.users.editor.user;
    await buildEvent(suite.server.db, suite.cast.accountA.id, { name: "Zz created", createdBy: editor.id });
    const listed = await buildEvent(suite.server.db, suite.cast.accountA.id, { name: "Zz listed" });
    const viaTeam = await buildEvent(suite.server.db, suite.cast.accountA.id, { name: "Zz team" });
    await buildEvent(suite.server.db, suite.cast.accountA.id, { name: "Zz hidden" });
    await listOnEvent(suite.server.db, listed.id, { userIds: [editor.id] });
    const team = await buildTeam(suite.server.db, suite.cast.accountA.id, [editor.id]);
    await listOnEvent(suite.server.db, viaTeam.id, { teamIds: [team.id] });
    const seen = await list("?search=zz&sort=name", suite.cast.client("editor"));
    expect(seen.names).toEqual(["Zz created", "Zz listed", "Zz team"]);
    expect(seen.body.pagination.total).toBe(3);
    expect((await list("?search=zz", suite.cast.client("reader"))).names).toEqual([]);
    for (const member of ["overseer", "administrator", "apiKey"] as const) {
      expect((await list("?search=zz", suite.cast.client(member))).names, member).toHaveLength(4);
    }
    const outsider = await suite.cast
      .client("outsiderOverseer")
      .get(`/api/v1/accounts/${suite.cast.accountA.id}/events`);
    expect(outsider.status).toBe(404);
  });

  it("lists with a fixed number of queries whatever the page size (no N+1)", async () => {
    const logo = await buildImage(suite.server.db, suite.cast.accountA.id);
    for (let index = 0; index < 12; index++) {
      const event = await buildEvent(suite.server.db, suite.cast.accountA.id, {
        name: `Many ${index}`,
        logoImageId: logo.id,
      });
      await suite.server.db("eventDomains").insert({ domain: `many${index}.example.org`, eventId: event.id });
      await listOnEvent(suite.server.db, event.id, { userIds: [suite.cast.users.organizer.user.id] });
    }
    const counted = async (query: string) => {
      let queries = 0;
      const count = () => queries++;
      suite.server.db.on("query", count);
      try {
        const { names } = await list(query, suite.cast.client("organizer"));
        return { queries, names };
      } finally {
        suite.server.db.off("query", count);
      }
    };
    await list("?search=many&perPage=1", suite.cast.client("organizer")); // the caller's session read, then kept
    const small = await counted("?search=many&perPage=2");
    const large = await counted("?search=many&perPage=50");
    expect(small.names).toHaveLength(2);
    expect(large.names).toHaveLength(12);
    expect(large.queries).toBe(small.queries);
    const page = (await list("?search=many&perPage=1", suite.cast.client("organizer"))).body.data[0];
    expect(page.logo).toMatchObject({ id: logo.id, url: `/media/images/${logo.id}` });
    expect(page.customDomains).toEqual([expect.stringMatching(/^many\d+\.example\.org$/)]);
  });

  it("archives and unarchives: the archived filter follows, the audit records both, repeats change nothing", async () => {
    const event = await buildEvent(suite.server.db, suite.cast.accountA.id, { name: "Yy to archive" });
    const path = `/api/v1/accounts/${suite.cast.accountA.id}/events/${event.id}`;
    const archived = await suite.cast.client("editor").post(`${path}/archive`);
    expect(archived.status).toBe(404); // the editor does not see it
    const done = await overseer.post(`${path}/archive`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ isArchived: true, archivedAt: expect.any(String) });
    expect((await list("?search=yy")).names).toEqual([]);
    expect((await list("?filter=archived&search=yy")).names).toEqual(["Yy to archive"]);
    expect((await overseer.post(`${path}/archive`)).status).toBe(200);
    const back = await overseer.post(`${path}/unarchive`);
    expect(back.body).toMatchObject({ isArchived: false, archivedAt: null });
    expect((await list("?search=yy")).names).toEqual(["Yy to archive"]);
    const actions = (await AuditLog.query(suite.server.db).where({ eventId: event.id }).orderBy("createdAt")).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(["event.archived", "event.unarchived"]);
  });
});
