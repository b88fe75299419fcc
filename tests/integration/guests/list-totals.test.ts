import { describe, expect, it } from "vitest";
import type { Db } from "../../../api/src/db/knex.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { buildGuests } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The number of guests a list view matches, with a page (count=true) or apart (GET users/count), is what
 * the guests table says. Views narrowed by status only (every guest, the presets) are answered on
 * PostgreSQL from the event's tallies, not by counting the guests; any other filter counts them.
 */
describe.each(databaseKinds())("guest list totals on %s", (kind) => {
  const suite = useTestServer(kind);
  const STATUSES = ["confirmed", "unanswered", "refused", "pending_approval", "confirmed", "to_be_seen"] as const;

  async function statementsOf(db: Db, request: () => Promise<{ status: number; body: unknown }>) {
    const sent: string[] = [];
    const onQuery = (query: { sql: string }) => sent.push(query.sql);
    db.on("query", onQuery);
    try {
      const response = await request();
      expect(response.status).toBe(200);
      return { body: response.body as { total?: number; pagination?: { total: number } }, sent };
    } finally {
      db.off("query", onQuery);
    }
  }

  async function counted(db: Db, eventId: string, where: (query: ReturnType<Db>) => void = () => undefined) {
    const query = db("guests").where({ eventId });
    where(query);
    const row = (await query.count({ n: "*" }).first()) as { n: number | string };
    return Number(row.n);
  }

  async function setUp() {
    const { db, config } = suite.server;
    const account = await buildAccount(db);
    const user = await buildUser(db, { accountId: account.id, role: "overseer" });
    const http: HttpClient = suite.server.http.as(await sessionTokenFor(db, config, user));
    const event = await buildEvent(db, account.id);
    const other = await buildEvent(db, account.id);
    await buildGuests(db, event, 60, (index) => ({
      status: STATUSES[index % STATUSES.length],
      company: index % 4 ? "Acme" : "Globex",
    }));
    await buildGuests(db, other, 25);
    const users = `/api/v1/events/${account.id}/${event.id}/users`;
    // Written through the API too: one added, one changed, one deleted.
    const added = await http.post(users, { firstName: "Added", lastName: "Late", status: "refused" });
    expect(added.status).toBe(201);
    const [first, second] = (await http.get(`${users}?perPage=2&count=false`)).body.data as { id: string }[];
    expect((await http.post(`${users}/${first!.id}`, { status: "refused" })).status).toBe(200);
    expect((await http.delete(`${users}/${second!.id}`)).status).toBe(200);
    return { db, http, event, users };
  }

  it("answers every view's total as the guests table does, from the tallies where only statuses narrow it", async () => {
    const { db, http, event, users } = await setUp();
    const byStatus = (statuses: string[]) => (query: ReturnType<Db>) => void query.whereIn("status", statuses);
    const views = [
      { query: "", expected: await counted(db, event.id), tallied: true },
      { query: "view=unanswered", expected: await counted(db, event.id, byStatus(["unanswered"])), tallied: true },
      { query: "view=waiting", expected: await counted(db, event.id, byStatus(["pending_approval"])), tallied: true },
      {
        query: "status=confirmed,refused,confirmed",
        expected: await counted(db, event.id, byStatus(["confirmed", "refused"])),
        tallied: true,
      },
      {
        query: "status=confirmed&search=globex",
        expected: await counted(db, event.id, (query) => void query.where({ status: "confirmed", company: "Globex" })),
        tallied: false,
      },
    ];
    for (const view of views) {
      const separator = view.query ? "&" : "";
      const apart = await statementsOf(db, () => http.get(`${users}/count${view.query ? `?${view.query}` : ""}`));
      const paged = await statementsOf(db, () => http.get(`${users}?perPage=5${separator}${view.query}`));
      expect(apart.body.total, view.query).toBe(view.expected);
      expect(paged.body.pagination!.total, view.query).toBe(view.expected);
      const countedGuests = [...apart.sent, ...paged.sent].some((sql) =>
        /^select count\(\*\) as [`"]total[`"] from [`"]guests[`"]/.test(sql),
      );
      const readTallies = [...apart.sent, ...paged.sent].some((sql) => /[`"]event_guest_tallies[`"]/.test(sql));
      const tallied = view.tallied && kind === "postgres";
      expect({ query: view.query, countedGuests, readTallies }).toEqual({
        query: view.query,
        countedGuests: !tallied,
        readTallies: tallied,
      });
    }
  });
});
