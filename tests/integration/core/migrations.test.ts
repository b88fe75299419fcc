import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, withMigrator, type Db } from "../../../api/src/db/knex.ts";
import { migrations } from "../../../migrations/index.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../helpers/databases.ts";

async function tableNames(migrator: Db): Promise<string[]> {
  const isPg = (migrator.client as { config: { client: string } }).config.client === "pg";
  const rows = isPg
    ? (await migrator.raw("select tablename as name from pg_tables where schemaname = 'public'")).rows
    : await migrator.raw("select name from sqlite_master where type = 'table'");
  return (rows as Array<{ name: string }>)
    .map((r) => r.name)
    .filter((n) => !n.startsWith("knex_") && !n.startsWith("sqlite_"));
}

describe.each(databaseKinds())("migrations on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: database.sqliteFile });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it("runs every migration up, then each one down and up again, step by step", async () => {
    await withMigrator(db, async (migrator) => {
      await migrator.migrate.latest();
      const [, pending] = (await migrator.migrate.list()) as [unknown[], unknown[]];
      expect(pending).toHaveLength(0);
      const allTables = await tableNames(migrator);
      for (const table of [
        "accounts",
        "users",
        "teams",
        "team_members",
        "events",
        "event_domains",
        "event_users",
        "event_teams",
        "api_keys",
        "sessions",
        "one_time_tokens",
        "audit_logs",
        "tickets",
        "ticket_price_periods",
        "orders",
        "order_items",
        "guest_files",
      ]) {
        expect(allTables).toContain(table);
      }
      // Down one step at a time to nothing, then all the way up again.
      for (let i = 0; i < migrations.length; i++) await migrator.migrate.down();
      expect(await tableNames(migrator)).toEqual([]);
      await migrator.migrate.latest();
      expect((await tableNames(migrator)).sort()).toEqual([...allTables].sort());
    });
  });
});
