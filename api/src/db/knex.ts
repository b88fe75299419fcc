import { mkdirSync } from "node:fs";
import path from "node:path";
import knexFactory, { type Knex } from "knex";
import { knexSnakeCaseMappers } from "objection";
import { migrationSource } from "../../../migrations/index.ts";

export type Db = Knex;
export type { Knex };

export interface DatabaseTarget {
  databaseUrl: string | null;
  sqliteFile: string;
}

export function knexConfig(target: DatabaseTarget): Knex.Config {
  const migrations = { migrationSource, tableName: "knex_migrations" };
  if (target.databaseUrl) {
    return {
      client: "pg",
      // No JIT: it compiles for queries the planner thinks costly (a count over a big event) and adds 3 to
      // 35 ms to requests that take a few; our queries are short (OLTP), where JIT never pays.
      connection: { connectionString: target.databaseUrl, options: "-c jit=off" },
      pool: { min: 0, max: Number(process.env.DATABASE_POOL_MAX ?? 10) },
      migrations,
    };
  }
  if (target.sqliteFile !== ":memory:") mkdirSync(path.dirname(target.sqliteFile), { recursive: true });
  return {
    client: "better-sqlite3",
    connection: { filename: target.sqliteFile },
    useNullAsDefault: true,
    // One connection: SQLite serialises writers anyway, and transactions must not interleave.
    pool: {
      min: 1,
      max: 1,
      afterCreate(connection: { pragma(sql: string): unknown }, done: (error: Error | null, c: unknown) => void) {
        connection.pragma("journal_mode = WAL");
        connection.pragma("foreign_keys = ON");
        connection.pragma("busy_timeout = 5000");
        done(null, connection);
      },
    },
    migrations,
  };
}

/**
 * The app's knex: identifiers are written camelCase in code and snake_case in the database, both
 * ways, for models and plain queries alike.
 */
export function createDb(target: DatabaseTarget): Db {
  const db = knexFactory({ ...knexConfig(target), ...knexSnakeCaseMappers() });
  targets.set(db, target);
  return db;
}

const targets = new WeakMap<Db, DatabaseTarget>();

/**
 * Runs pending migrations on a connection of its own without the case mappers: Knex's migrator
 * reads its lock table by snake_case names.
 */
export async function migrateLatest(db: Db): Promise<void> {
  await withMigrator(db, (migrator) => migrator.migrate.latest());
}

export async function withMigrator<T>(db: Db, work: (migrator: Knex) => Promise<T>): Promise<T> {
  const target = targets.get(db);
  if (!target) throw new Error("not a database created by createDb()");
  const migrator = knexFactory(knexConfig(target));
  try {
    return await work(migrator);
  } finally {
    await migrator.destroy();
  }
}
