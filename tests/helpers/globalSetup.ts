import pg from "pg";

/** REQUIRE_PG=1 turns "PostgreSQL not reachable" into a failure instead of SQLite-only runs. */
export default async function setup(): Promise<void> {
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
