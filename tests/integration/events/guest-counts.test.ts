import { describe, expect, it } from "vitest";
import { GUEST_STATUSES } from "@tessera/shared";
import { isPostgres } from "../../../api/src/db/dialect.ts";
import { TALLY_ROWS_BEFORE_FOLD } from "../../../api/src/services/events/guestTallies.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { importingAccount, importsPath, runImport } from "../../helpers/guestImport.ts";
import { buildGuest, guestRow } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Event cards show how many guests each event has. PostgreSQL keeps tallies (migration
 * 20261127002000_event_guest_tallies), so its events list never counts guests, whatever wrote them; SQLite
 * counts them from the (event_id, status) index (its triggers slowed imports, migration 20261127003000).
 */
describe.each(databaseKinds())("event guest counts on %s", (kind) => {
  const suite = useTestServer(kind);

  /** What the guests table itself says, by status, every status present. */
  async function counted(eventId: string) {
    const rows = (await suite.server
      .db("guests")
      .where({ eventId })
      .groupBy("status")
      .select("status")
      .count({ n: "*" })) as { status: string; n: number | string }[];
    const byStatus = Object.fromEntries(GUEST_STATUSES.map((status) => [status, 0]));
    for (const row of rows) byStatus[row.status] = Number(row.n);
    return { total: rows.reduce((sum, row) => sum + Number(row.n), 0), byStatus };
  }

  async function listed(http: HttpClient, accountId: string, eventId: string) {
    const response = await http.get(`/api/v1/accounts/${accountId}/events?perPage=200`);
    expect(response.status).toBe(200);
    const event = (response.body.data as { id: string; guests: unknown }[]).find((item) => item.id === eventId);
    return event!.guests;
  }

  it("counts guests however they are written: added, changed, deleted one by one or in bulk, imported", async () => {
    const { account, http } = await importingAccount(suite.server);
    const event = await buildEvent(suite.server.db, account.id);
    const guests = `/api/v1/events/${account.id}/${event.id}/users`;
    expect(await listed(http, account.id, event.id)).toEqual(await counted(event.id));
    expect((await listed(http, account.id, event.id)) as { total: number }).toMatchObject({ total: 0 });

    const ids: string[] = [];
    for (const [index, status] of ["confirmed", "unanswered", "refused", "confirmed"].entries()) {
      const created = await http.post(guests, { firstName: "Guest", lastName: `N${index}`, status });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.id);
    }
    expect((await http.post(`${guests}/${ids[1]}`, { status: "confirmed" })).status).toBe(200);
    expect((await http.post(`${guests}/${ids[0]}`, { company: "Same status" })).status).toBe(200);
    expect((await http.delete(`${guests}/${ids[2]}`)).status).toBe(200);
    expect((await http.post(`/api/v1/events/${account.id}/${event.id}/deleteusers`, { ids: [ids[3]] })).status).toBe(
      200,
    );
    const csv = "email,first name,last name\nann@example.com,Ann,Lee\nbob@example.com,Bob,Ray\nCy@example.com,Cy,Oh\n";
    const imported = await runImport(suite.server, http, importsPath(event), csv);
    expect(imported.final.status).toBe("done");

    const expected = await counted(event.id);
    expect(expected).toMatchObject({ total: 5, byStatus: { confirmed: 2, unanswered: 3, refused: 0 } });
    expect(await listed(http, account.id, event.id)).toEqual(expected);
    // One event's guests never count toward another's.
    const other = await buildEvent(suite.server.db, account.id);
    expect(await listed(http, account.id, other.id)).toMatchObject({ total: 0 });

    // The event's tallies go with it (PostgreSQL; SQLite counts from the guests' index).
    expect((await http.delete(`/api/v1/accounts/${account.id}/events/${event.id}`)).status).toBe(200);
    if (kind === "postgres")
      expect(await suite.server.db("eventGuestTallies").where({ eventId: event.id })).toEqual([]);
  });

  it.runIf(kind === "postgres")(
    "folds the per-write tallies of a busy event into one row per status, counts unchanged",
    async () => {
      const { account, http } = await importingAccount(suite.server);
      const event = await buildEvent(suite.server.db, account.id);
      for (let index = 0; index <= TALLY_ROWS_BEFORE_FOLD; index++) {
        await buildGuest(suite.server.db, event, { status: index % 3 === 0 ? "confirmed" : "unanswered" });
      }
      const before = await listed(http, account.id, event.id);
      expect(before).toEqual(await counted(event.id));
      await suite.server.deps.jobs.drain(30_000);

      const rows = await suite.server.db("eventGuestTallies").where({ eventId: event.id });
      expect(rows.length).toBeLessThanOrEqual(2);
      expect(await listed(http, account.id, event.id)).toEqual(before);
    },
  );

  it.runIf(kind === "postgres")(
    "never makes a guest added meanwhile wait for a long import's transaction on the same event",
    async () => {
      const { db } = suite.server;
      expect(isPostgres(db)).toBe(true);
      const { account } = await importingAccount(suite.server);
      const event = await buildEvent(db, account.id);
      const importing = await db.transaction();
      try {
        await importing("guests").insert([guestRow(event), guestRow(event)]);
        // A counter row shared by both transactions would be locked by the import until it commits.
        await db.transaction(async (other) => {
          await other.raw("set local lock_timeout = '2s'");
          await other("guests").insert(guestRow(event, { status: "confirmed" }));
        });
        await importing.commit();
      } catch (error) {
        await importing.rollback();
        throw error;
      }
      const tallies = (await db("eventGuestTallies")
        .where({ eventId: event.id })
        .groupBy("status")
        .select("status")
        .sum({ guests: "guests" })) as { status: string; guests: string | number }[];
      expect(Object.fromEntries(tallies.map((row) => [row.status, Number(row.guests)]))).toEqual({
        unanswered: 2,
        confirmed: 1,
      });
    },
  );
});
