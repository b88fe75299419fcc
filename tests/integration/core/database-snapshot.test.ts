import { describe, expect, it } from "vitest";
import { Account } from "../../../api/src/models/Account.ts";
import { expectNoChange, snapshotDatabase } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildApiKey } from "../../helpers/factories.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** The names of the tables whose fingerprint differs between two snapshots. */
function changedTables(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const tables = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...tables].filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table])).sort();
}

// The refusal checks of the route × role matrices (expectNoChange) stand on these snapshots.
describe.each(databaseKinds())("database snapshots on %s", (kind) => {
  const suite = useTestServer(kind);

  it("covers every application table and is the same when nothing changed", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    await buildEvent(db, account.id);
    const snapshot = await snapshotDatabase(db);
    expect(Object.keys(snapshot)).toEqual(expect.arrayContaining(["accounts", "events", "guests", "users"]));
    expect(Object.keys(snapshot)).not.toContain("sessions");
    expect(snapshot.accounts!.rows).toBeGreaterThan(0);
    expect(snapshot.events!.rows).toBeGreaterThan(0);
    expect(await snapshotDatabase(db)).toEqual(snapshot);
  });

  it("sees an update of one column of one row, and only in that table", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db, { name: "Before" });
    await buildAccount(db);
    const before = await snapshotDatabase(db);
    // Plain knex: the model would also touch updated_at.
    await db("accounts").where({ id: account.id }).update({ name: "After" });
    const after = await snapshotDatabase(db);
    expect(changedTables(before, after)).toEqual(["accounts"]);
    expect(after.accounts!.rows).toBe(before.accounts!.rows);
    expect(after.accounts!.checksum).not.toBe(before.accounts!.checksum);
    // Back to the same values: the same fingerprint (it depends on the data only).
    await db("accounts").where({ id: account.id }).update({ name: "Before" });
    expect(await snapshotDatabase(db)).toEqual(before);
  });

  it("sees an inserted row and a deleted row", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const beforeInsert = await snapshotDatabase(db);
    const event = await buildEvent(db, account.id);
    const afterInsert = await snapshotDatabase(db);
    expect(changedTables(beforeInsert, afterInsert)).toContain("events");
    expect(afterInsert.events!.rows).toBe(beforeInsert.events!.rows + 1);

    await db("events").where({ id: event.id }).delete();
    const afterDelete = await snapshotDatabase(db);
    expect(changedTables(afterInsert, afterDelete)).toContain("events");
    expect(afterDelete.events!.rows).toBe(beforeInsert.events!.rows);
  });

  it("sees a row replaced by another (same count)", async () => {
    const { db } = suite.server;
    const first = await buildAccount(db, { name: "Replaced" });
    const before = await snapshotDatabase(db);
    await db("accounts").where({ id: first.id }).delete();
    await buildAccount(db, { name: "Replacement" });
    const after = await snapshotDatabase(db);
    expect(after.accounts!.rows).toBe(before.accounts!.rows);
    expect(after.accounts!.checksum).not.toBe(before.accounts!.checksum);
  });

  it("leaves out the volatile columns and the tables asked, nothing else", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const { apiKey } = await buildApiKey(db, account.id);
    const before = await snapshotDatabase(db);
    await db("api_keys").where({ id: apiKey.id }).update({ lastUsedAt: new Date() });
    expect(await snapshotDatabase(db)).toEqual(before);
    await db("api_keys").where({ id: apiKey.id }).update({ name: "renamed" });
    expect(changedTables(before, await snapshotDatabase(db))).toEqual(["api_keys"]);
    expect(Object.keys(await snapshotDatabase(db, ["api_keys"]))).not.toContain("api_keys");
  });

  it("makes expectNoChange fail on a write and pass without one", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    await expect(expectNoChange(db, async () => db("accounts").select("id"))).resolves.toBeDefined();
    await expect(
      expectNoChange(db, async () =>
        Account.query(db).patch({ multilang: !account.multilang }).where({ id: account.id }),
      ),
    ).rejects.toThrow();
  });
});
