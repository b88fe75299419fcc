import pg from "pg";
import { prepareTemplates, templatesArePrepared } from "./databases.ts";

/** REQUIRE_PG=1 turns "PostgreSQL not reachable" into a failure instead of SQLite-only runs. */
async function requirePostgres(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (process.env.REQUIRE_PG !== "1") return;
  if (!url) throw new Error("REQUIRE_PG=1 but DATABASE_URL is not set");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new Error(`REQUIRE_PG=1 but PostgreSQL is not reachable at ${url}: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Before the integration and end-to-end files: PostgreSQL is there when required, and the migrated
 * templates every test database is copied from are made, once for the run (both projects list this
 * file; the first to run makes them and removes them at the end, the other reuses them).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  await requirePostgres();
  if (templatesArePrepared()) return undefined;
  return prepareTemplates();
}
