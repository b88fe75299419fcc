import { beforeAll, describe, expect, it } from "vitest";
import type { CustomField } from "../../../api/src/models/CustomField.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildCustomField, buildGuest, buildGuests } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useCastServer } from "../../helpers/suite.ts";

/** Spec §2 guests list: filters (built-in and custom fields), presets, saved views, search, sort, pages. */

describe.each(databaseKinds())("guests list on %s", (kind) => {
  const suite = useCastServer(kind);
  let event: Event;
  let organizer: HttpClient;
  let color: CustomField;
  let topics: CustomField;
  let age: CustomField;
  let note: CustomField;
  let base: string;
  // Tests read the JSON shapes freely; the assertions are the type check.
  let names: (query?: string, client?: HttpClient) => Promise<string[]>;

  beforeAll(async () => {
    organizer = suite.cast.client("overseer");
    event = await buildEvent(suite.server.db, suite.cast.accountA.id);
    base = `/api/v1/events/${suite.cast.accountA.id}/${event.id}`;
    color = await buildCustomField(suite.server.db, event, {
      type: "unique_choice",
      options: [
        { id: "red", label: "Red" },
        { id: "blue", label: "Blue" },
      ],
    });
    topics = await buildCustomField(suite.server.db, event, {
      type: "multiple_choice",
      options: [
        { id: "ai", label: "AI" },
        { id: "web", label: "Web" },
      ],
    });
    age = await buildCustomField(suite.server.db, event, { type: "number" });
    note = await buildCustomField(suite.server.db, event, { type: "short_text" });
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    await buildGuest(suite.server.db, event, {
      firstName: "Élodie",
      lastName: "Abel",
      email: "elodie@acme.test",
      company: "ACME 100%",
      status: "confirmed",
      mailStatus: "sent",
      createdSource: "import",
      createdAt: day(1),
      registeredAt: day(10),
      answers: { [color.id]: "red", [topics.id]: ["ai", "web"], [age.id]: 30, [note.id]: "Vegan" },
    });
    await buildGuest(suite.server.db, event, {
      firstName: "bob",
      lastName: "baker",
      email: "bob@beta.test",
      company: "Beta",
      status: "pending_approval",
      createdAt: day(2),
      answers: { [color.id]: "blue", [topics.id]: ["web"], [age.id]: 9 },
    });
    await buildGuest(suite.server.db, event, {
      firstName: "Chloé",
      lastName: "Carter",
      email: "chloe@acme.test",
      company: null,
      status: "unanswered",
      mailStatus: "unsubscribed",
      createdSource: "api",
      createdAt: day(3),
      answers: { [age.id]: 100 },
    });
    await buildGuest(suite.server.db, event, {
      firstName: "Dan",
      lastName: null,
      email: "dan@x_y.test",
      status: "refused",
      createdAt: day(4),
      answers: { [note.id]: "" },
    });
    // Another event's guest never shows.
    const other = await buildEvent(suite.server.db, suite.cast.accountA.id);
    await buildGuest(suite.server.db, other, { firstName: "Zed", lastName: "Other" });
    names = async (query = "", client = organizer) => {
      const response = await client.get(`${base}/users${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.map((guest: { fullName: string }) => guest.fullName);
    };
  });

  const f = (filters: unknown) => `filters=${encodeURIComponent(JSON.stringify(filters))}`;

  it("lists the event's guests sorted by last name (empty last), with the total", async () => {
    const response = await organizer.get(`${base}/users`);
    expect(response.body.pagination).toEqual({ page: 1, perPage: 100, total: 4 });
    expect(response.body.data.map((g: { fullName: string }) => g.fullName)).toEqual([
      "Élodie Abel",
      "bob baker",
      "Chloé Carter",
      "Dan",
    ]);
    expect(response.body.data[0]).toMatchObject({
      email: "elodie@acme.test",
      answers: { [color.id]: "red", [topics.id]: ["ai", "web"] },
      companionsCount: 0,
      godfather: null,
      abilities: { update: true, delete: true },
    });
    expect(response.body.data[2].isUnsubscribed).toBe(true);
  });

  it("filters by status, mail status, created source and dates", async () => {
    expect(await names("?status=confirmed,refused")).toEqual(["Élodie Abel", "Dan"]);
    expect(await names("?mailStatus=unsubscribed")).toEqual(["Chloé Carter"]);
    expect(await names("?createdSource=api,import")).toEqual(["Élodie Abel", "Chloé Carter"]);
    expect(await names("?createdFrom=2026-01-02T00:00:00Z&createdTo=2026-01-03T12:00:00Z")).toEqual([
      "bob baker",
      "Chloé Carter",
    ]);
    expect(await names("?registeredFrom=2026-01-05T00:00:00Z")).toEqual(["Élodie Abel"]);
    expect((await organizer.get(`${base}/users?status=nope`)).status).toBe(422);
  });

  it("presets: all, unanswered, waiting (pending approval)", async () => {
    expect(await names("?view=all")).toHaveLength(4);
    expect(await names("?view=unanswered")).toEqual(["Chloé Carter"]);
    expect(await names("?view=waiting")).toEqual(["bob baker"]);
    expect((await organizer.get(`${base}/users?view=nope`)).status).toBe(422);
  });

  it("filters built-in fields with every operator", async () => {
    expect(await names(`?${f([{ field: "company", op: "eq", value: "Beta" }])}`)).toEqual(["bob baker"]);
    expect(await names(`?${f([{ field: "company", op: "neq", value: "Beta" }])}`)).toEqual([
      "Élodie Abel",
      "Chloé Carter",
      "Dan",
    ]);
    expect(await names(`?${f([{ field: "status", op: "in", value: ["refused", "confirmed"] }])}`)).toEqual([
      "Élodie Abel",
      "Dan",
    ]);
    expect(await names(`?${f([{ field: "company", op: "contains", value: "0%" }])}`)).toEqual(["Élodie Abel"]);
    expect(await names(`?${f([{ field: "company", op: "empty" }])}`)).toEqual(["Chloé Carter", "Dan"]);
    expect(await names(`?${f([{ field: "lastName", op: "not_empty" }])}`)).toHaveLength(3);
    expect(await names(`?${f([{ field: "createdAt", op: "gte", value: "2026-01-03" }])}`)).toEqual([
      "Chloé Carter",
      "Dan",
    ]);
    expect(await names(`?${f([{ field: "createdAt", op: "lte", value: "2026-01-01T00:00:00Z" }])}`)).toEqual([
      "Élodie Abel",
    ]);
  });

  it("filters custom fields by id with every operator (choices by id or label)", async () => {
    expect(await names(`?${f([{ field: color.id, op: "eq", value: "red" }])}`)).toEqual(["Élodie Abel"]);
    expect(await names(`?${f([{ field: color.id, op: "eq", value: "Blue" }])}`)).toEqual(["bob baker"]);
    expect(await names(`?${f([{ field: color.id, op: "neq", value: "red" }])}`)).toEqual([
      "bob baker",
      "Chloé Carter",
      "Dan",
    ]);
    expect(await names(`?${f([{ field: color.id, op: "in", value: ["red", "blue"] }])}`)).toHaveLength(2);
    expect(await names(`?${f([{ field: topics.id, op: "eq", value: "web" }])}`)).toEqual(["Élodie Abel", "bob baker"]);
    expect(await names(`?${f([{ field: topics.id, op: "in", value: ["ai"] }])}`)).toEqual(["Élodie Abel"]);
    expect(await names(`?${f([{ field: topics.id, op: "empty" }])}`)).toEqual(["Chloé Carter", "Dan"]);
    expect(await names(`?${f([{ field: note.id, op: "contains", value: "VEG" }])}`)).toEqual(["Élodie Abel"]);
    expect(await names(`?${f([{ field: note.id, op: "eq", value: "Vegan" }])}`)).toEqual(["Élodie Abel"]);
    expect(await names(`?${f([{ field: note.id, op: "empty" }])}`)).toEqual(["bob baker", "Chloé Carter", "Dan"]);
    expect(await names(`?${f([{ field: note.id, op: "not_empty" }])}`)).toEqual(["Élodie Abel"]);
    expect(await names(`?${f([{ field: age.id, op: "gte", value: 10 }])}`)).toEqual(["Élodie Abel", "Chloé Carter"]);
    expect(await names(`?${f([{ field: age.id, op: "lte", value: "30" }])}`)).toEqual(["Élodie Abel", "bob baker"]);
    expect(await names(`?${f([{ field: age.id, op: "eq", value: 9 }])}`)).toEqual(["bob baker"]);
    expect(
      await names(
        `?status=confirmed&${f([
          { field: color.id, op: "eq", value: "red" },
          { field: age.id, op: "gte", value: 1 },
        ])}`,
      ),
    ).toEqual(["Élodie Abel"]);
  });

  it("refuses bad filters with 422 (bad JSON, bad shape, unknown field, bad value)", async () => {
    for (const filters of [
      "not json",
      JSON.stringify({ field: "x" }),
      JSON.stringify([{ field: "status", op: "like", value: "x" }]),
      JSON.stringify([{ field: "unknownColumn", op: "eq", value: "x" }]),
      JSON.stringify([{ field: "createdAt", op: "gte", value: "not a date" }]),
      JSON.stringify([{ field: "status", op: "eq" }]),
      // Text search on a date or a number (a 500 on PostgreSQL before).
      JSON.stringify([{ field: "createdAt", op: "contains", value: "2026" }]),
      JSON.stringify([{ field: "registeredAt", op: "contains", value: "1" }]),
      JSON.stringify([{ field: "companionsExpected", op: "contains", value: "1" }]),
    ]) {
      const response = await organizer.get(`${base}/users?filters=${encodeURIComponent(filters)}`);
      expect(response.status, filters).toBe(422);
    }
    const en = await organizer.get(`${base}/users?filters=nope`);
    expect(en.body.error.details).toEqual([
      { field: "filters", code: "invalid_value", message: "This value is not valid." },
    ]);
    const fr = await organizer.get(`${base}/users?filters=nope`, { lang: "fr" });
    expect(fr.body.error.details[0].message).not.toBe("This value is not valid.");
  });

  it("searches name, email and company, case- and accent-insensitively, % and _ literal", async () => {
    expect(await names("?search=ELODIE")).toEqual(["Élodie Abel"]);
    expect(await names("?search=chlo%C3%A9")).toEqual(["Chloé Carter"]);
    expect(await names("?search=acme")).toEqual(["Élodie Abel", "Chloé Carter"]);
    expect(await names("?search=100%25")).toEqual(["Élodie Abel"]);
    expect(await names("?search=x_y")).toEqual(["Dan"]);
    expect(await names("?search=_")).toEqual(["Dan"]);
    expect(await names("?search=%25%25")).toEqual([]);
  });

  it("sorts by built-in fields and custom fields, both directions", async () => {
    expect(await names("?sort=lastName&order=desc")).toEqual(["Chloé Carter", "bob baker", "Élodie Abel", "Dan"]);
    expect(await names("?sort=createdAt&order=desc")).toEqual(["Dan", "Chloé Carter", "bob baker", "Élodie Abel"]);
    expect(await names("?sort=firstName")).toEqual(["bob baker", "Chloé Carter", "Dan", "Élodie Abel"]);
    expect(await names(`?sort=cf:${age.id}`)).toEqual(["bob baker", "Élodie Abel", "Chloé Carter", "Dan"]);
    expect(await names(`?sort=cf:${age.id}&order=desc`)).toEqual(["Chloé Carter", "Élodie Abel", "bob baker", "Dan"]);
    // Stored option ids sort ("blue" < "red"); guests without an answer come last, by id.
    expect((await names(`?sort=cf:${color.id}`)).slice(0, 2)).toEqual(["bob baker", "Élodie Abel"]);
    expect((await organizer.get(`${base}/users?sort=password`)).status).toBe(422);
    expect((await organizer.get(`${base}/users?sort=cf:00000000-0000-4000-8000-000000000000`)).status).toBe(422);
  });

  it("paginates with a stable order (ties broken by id) and caps perPage at 500", async () => {
    const tied = await buildEvent(suite.server.db, suite.cast.accountA.id);
    await buildGuests(suite.server.db, tied, 7, () => ({ firstName: "Same", lastName: "Name" }));
    const path = `/api/v1/events/${suite.cast.accountA.id}/${tied.id}/users`;
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const response = await organizer.get(`${path}?perPage=2&page=${page}`);
      expect(response.body.pagination).toEqual({ page, perPage: 2, total: 7 });
      seen.push(...response.body.data.map((guest: { id: string }) => guest.id));
    }
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort()).toEqual(seen);
    expect((await organizer.get(`${path}?perPage=501`)).status).toBe(422);

    // A window of pages counts once: asked not to count, a page says -1 and holds the same rows.
    const uncounted = await organizer.get(`${path}?perPage=2&page=2&count=false`);
    expect(uncounted.body.pagination).toEqual({ page: 2, perPage: 2, total: -1 });
    expect(uncounted.body.data.map((guest: { id: string }) => guest.id)).toEqual(seen.slice(2, 4));
    expect((await organizer.get(`${path}?perPage=2&count=true`)).body.pagination.total).toBe(7);
    expect((await organizer.get(`${path}?count=maybe`)).status).toBe(422);
  });

  it("saved views: own plus shared, stored query under explicit parameters, others' private views hidden", async () => {
    const views = `${base}/guestviews`;
    const mine = await organizer.post(views, {
      name: "Red ones",
      query: { filters: [{ field: color.id, op: "eq", value: "red" }], sort: "lastName", columns: ["email"] },
    });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ name: "Red ones", isShared: false, query: { columns: ["email"] } });
    const shared = await organizer.post(views, { name: "Acme", query: { search: "acme" }, isShared: true });
    expect(shared.body.isShared).toBe(true);
    expect(await names(`?view=${mine.body.id}`)).toEqual(["Élodie Abel"]);
    expect(await names(`?view=${shared.body.id}`)).toEqual(["Élodie Abel", "Chloé Carter"]);
    expect(await names(`?view=${shared.body.id}&search=chlo`)).toEqual(["Chloé Carter"]);
    const other = suite.cast.client("organizer");
    expect((await other.get(views)).status).toBe(404); // the organizer does not see this event
    const admin = suite.cast.client("administrator");
    expect((await admin.get(views)).body.data.map((v: { name: string }) => v.name)).toEqual(["Acme"]);
    expect((await admin.get(`${base}/users?view=${mine.body.id}`)).status).toBe(422);
    expect((await organizer.get(views)).body.data.map((v: { name: string }) => v.name)).toEqual(["Acme", "Red ones"]);
    expect((await admin.delete(`${views}/${mine.body.id}`)).status).toBe(404);
    expect((await organizer.delete(`${views}/${mine.body.id}`)).status).toBe(200);
    expect((await organizer.get(views)).body.data).toHaveLength(1);
  });

  it("counts a view once (GET users/count): the total of its pages, filters, search and saved views applied", async () => {
    const total = async (query = "") => {
      const response = await organizer.get(`${base}/users/count${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };
    expect(await total()).toEqual({ total: 4 });
    expect(await total("?status=confirmed,refused")).toEqual({ total: 2 });
    expect(await total(`?${f([{ field: color.id, op: "eq", value: "red" }])}`)).toEqual({ total: 1 });
    expect(await total("?search=acme")).toEqual({ total: 2 });
    expect(await total("?view=waiting")).toEqual({ total: 1 });
    const view = await organizer.post(`${base}/guestviews`, { name: "Acme count", query: { search: "acme" } });
    expect(await total(`?view=${view.body.id}&status=unanswered`)).toEqual({ total: 1 });
    // The same filters as the list: what the list refuses, the count refuses; paging is not its business.
    expect((await organizer.get(`${base}/users/count?${f([{ field: "nope", op: "eq", value: 1 }])}`)).status).toBe(422);
    expect((await organizer.get(`${base}/users/count?page=2`)).status).toBe(422);
    expect((await organizer.get(`${base}/users/count?view=nope`)).status).toBe(422);
    // Another account's user, and a user who does not see the event: 404.
    expect((await suite.cast.client("outsiderOverseer").get(`${base}/users/count`)).status).toBe(404);
    const hidden = await buildEvent(suite.server.db, suite.cast.accountA.id);
    const hiddenPath = `/api/v1/events/${suite.cast.accountA.id}/${hidden.id}/users/count`;
    expect((await suite.cast.client("organizer").get(hiddenPath)).status).toBe(404);
  });

  it("answers a caller who may not see the event 404, never what its page's read would have said", async () => {
    // The access check comes first: the page's own errors (a bad filter, an unknown view) never reach a
    // caller it refuses, nor its rows.
    for (const member of ["outsider", "outsiderOverseer"] as const) {
      const client = suite.cast.client(member);
      for (const query of ["", "?count=false", "?filters=nope", `?view=${crypto.randomUUID()}`]) {
        const response = await client.get(`${base}/users${query}`);
        expect(response.status, `${member} ${query}`).toBe(404);
        expect(JSON.stringify(response.body)).not.toContain("elodie@acme.test");
      }
    }
    const wrongAccount = `/api/v1/events/${suite.cast.accountB.id}/${event.id}/users`;
    expect((await organizer.get(`${wrongAccount}?filters=nope`)).status).toBe(404);
  });

  it("reads a page in one statement with its extras, and counts only when asked", async () => {
    const statements = async (query: string) => {
      const sql: string[] = [];
      const record = (data: { sql: string }) => sql.push(data.sql);
      suite.server.db.on("query", record);
      try {
        const response = await organizer.get(`${base}/users${query}`);
        expect(response.status).toBe(200);
        return { onGuests: sql.filter((text) => /from [`"]guests[`"]/.test(text)), all: sql, body: response.body };
      } finally {
        suite.server.db.off("query", record);
      }
    };
    const uncounted = await statements("?count=false");
    expect(uncounted.body.pagination.total).toBe(-1);
    expect(uncounted.body.data).toHaveLength(4);
    // The rows, their companions and godfathers: one statement; no count.
    expect(uncounted.onGuests).toHaveLength(1);
    // The caller's session, the event with the caller's ties to it, the page.
    expect(uncounted.all.length).toBeLessThanOrEqual(4);
    // Every guest: PostgreSQL reads the event's tallies (list-totals.test.ts), SQLite counts.
    const tallied = kind === "postgres";
    const readsTallies = (sql: string[]) => sql.some((text) => /[`"]event_guest_tallies[`"]/.test(text));
    const counted = await statements("");
    expect(counted.onGuests).toHaveLength(tallied ? 1 : 2);
    expect(readsTallies(counted.all)).toBe(tallied);
    expect(counted.body.pagination.total).toBe(4);
    const count = await statements("/count");
    expect(count.onGuests).toHaveLength(tallied ? 0 : 1);
    expect(readsTallies(count.all)).toBe(tallied);
    const searched = await statements("/count?search=a");
    expect(searched.onGuests).toHaveLength(1);
    expect(searched.onGuests[0]).toMatch(/count\(\*\)/);
  });

  it("shows a guest on a page exactly as GET users/{id} does, every field set", async () => {
    const full = await buildEvent(suite.server.db, suite.cast.accountA.id);
    const at = new Date(Date.UTC(2026, 2, 3, 4, 5, 6, 789));
    const godfather = await buildGuest(suite.server.db, full, { firstName: "Gus", lastName: "Godfather" });
    const guest = await buildGuest(suite.server.db, full, {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@acme.test",
      civility: "ms",
      company: "Acme",
      jobTitle: "Engineer",
      prescriber: "Babbage",
      language: "en",
      status: "confirmed",
      mailStatus: "opened",
      mailStatusAt: at,
      unsubscribedAt: at,
      registeredAt: at,
      companionsExpected: 2,
      godfatherId: godfather.id,
      createdSource: "registration",
      answers: { [note.id]: "Vegan", [age.id]: 41 },
    });
    await buildGuest(suite.server.db, full, { firstName: "Kim", godfatherId: guest.id });
    const path = `/api/v1/events/${suite.cast.accountA.id}/${full.id}/users`;
    const page = await organizer.get(path);
    expect(page.body.data).toHaveLength(3);
    for (const listed of page.body.data) {
      const read = await organizer.get(`${path}/${listed.id}`);
      expect(read.status).toBe(200);
      expect(listed).toEqual(read.body);
    }
    const one = await organizer.get(`${path}/${guest.id}`);
    expect(one.body).toMatchObject({ isUnsubscribed: true, companionsCount: 1, jobTitle: "Engineer" });
    expect(one.body.godfather).toEqual({ id: godfather.id, fullName: "Gus Godfather" });
  });

  it("lists with a fixed number of queries whatever the page size (no N+1)", async () => {
    const crowd = await buildEvent(suite.server.db, suite.cast.accountA.id);
    const godfathers = await buildGuests(suite.server.db, crowd, 30, (i) => ({
      lastName: `God${String(i).padStart(2, "0")}`,
    }));
    await buildGuests(suite.server.db, crowd, 30, (i) => ({ lastName: `Kid${i}`, godfatherId: godfathers[i] }));
    const path = `/api/v1/events/${suite.cast.accountA.id}/${crowd.id}/users`;
    const counted = async (query: string) => {
      let queries = 0;
      const count = () => queries++;
      suite.server.db.on("query", count);
      try {
        const response = await organizer.get(`${path}${query}`);
        return { queries, body: response.body };
      } finally {
        suite.server.db.off("query", count);
      }
    };
    // The fewest of three tries: the server's own sweeps (scheduled campaigns, payments) query the same
    // database now and then, and one may land during a request; an N+1 would show in every try.
    const fewest = async (query: string) => {
      const tries = [await counted(query), await counted(query), await counted(query)];
      return tries.reduce((least, next) => (next.queries < least.queries ? next : least));
    };
    const small = await fewest("?perPage=2&sort=lastName&order=desc");
    const large = await fewest("?perPage=50&sort=lastName&order=desc");
    expect(small.body.data).toHaveLength(2);
    expect(large.body.data).toHaveLength(50);
    expect(large.queries).toBe(small.queries);
    const kid = large.body.data.find((g: { lastName: string }) => g.lastName === "Kid3");
    expect(kid.godfather).toEqual({ id: godfathers[3], fullName: expect.stringContaining("God03") });
    const god = (await counted(`?search=god03`)).body.data[0];
    expect(god.companionsCount).toBe(1);
  });
});
