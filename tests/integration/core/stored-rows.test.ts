import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AS_STORED, createDb, migrateLatest, type Db } from "../../../api/src/db/knex.ts";
import { Account } from "../../../api/src/models/Account.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";

/** The fast path from a page of stored rows to models gives what Objection's own reading gives. */
describe.each(databaseKinds())("models from stored rows on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: true });
    db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: database.sqliteFile });
    if (!database.migrated) await migrateLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it("keeps the stored column names only for a query that asks, and reads the same models from them", async () => {
    const account = await buildAccount(db, { isActive: false, multilang: true });
    const event = await buildEvent(db, account.id);
    const at = new Date(Date.UTC(2026, 4, 1, 9, 30, 15, 123));
    const guest = await buildGuest(db, event, {
      civility: "ms",
      company: "Acme",
      answers: { q1: ["a", "b"], q2: 4, q3: "text" },
      registeredAt: at,
      mailStatusAt: at,
      unsubscribedAt: at,
      companionsExpected: 2,
    });

    const stored = await db("guests")
      .where({ eventId: event.id })
      .queryContext({ [AS_STORED]: true });
    expect(Object.keys(stored[0]!)).toContain("event_id");
    const mapped = await db("guests").where({ eventId: event.id });
    expect(Object.keys(mapped[0]!)).toContain("eventId");

    const [fromRows] = Guest.fromStoredRows(stored);
    expect(fromRows).toBeInstanceOf(Guest);
    expect({ ...fromRows }).toEqual({ ...guest });
    expect(fromRows!.registeredAt).toEqual(at);
    expect(fromRows!.answers).toEqual({ q1: ["a", "b"], q2: 4, q3: "text" });
    expect(fromRows!.fullName).toBe(guest.fullName);

    const accounts = await db("accounts")
      .where({ id: account.id })
      .queryContext({ [AS_STORED]: true });
    const [readAccount] = Account.fromStoredRows(accounts);
    expect(readAccount!.isActive).toBe(false);
    expect(readAccount!.multilang).toBe(true);
    expect({ ...readAccount }).toEqual({ ...(await Account.query(db).findById(account.id)) });
    expect(Guest.fromStoredRows([])).toEqual([]);
  });
});
