import { mkdirSync } from "node:fs";
import path from "node:path";
import knexFactory, { type Knex } from "knex";
import { knexSnakeCaseMappers } from "objection";
import { migrationSource } from "../../../migrations/index.ts";
import type BetterSqlite3 from "better-sqlite3";
import { registerSortKey } from "./sortKey.ts";
import { createTurnsBuffer, takeTurnsInStatements, takeTurnsOn, type TurnsBuffer } from "./sqliteTurns.ts";

export type Db = Knex;

/** A query context under which rows keep their stored (snake_case) column names: see BaseModel.fromStoredRows. */
export const AS_STORED = "rowsAsStored";
export type { Knex };

export interface DatabaseTarget {
  databaseUrl: string | null;
  sqliteFile: string;
}

export function knexConfig(target: DatabaseTarget, turns?: TurnsBuffer): Knex.Config {
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
      afterCreate(connection: BetterSqlite3.Database, done: (error: Error | null, c: unknown) => void) {
        connection.pragma("journal_mode = WAL");
        connection.pragma("foreign_keys = ON");
        connection.pragma("busy_timeout = 5000");
        // A WAL a long import grew is cut back to 64 MB when it starts over.
        connection.pragma("journal_size_limit = 67108864");
        registerSortKey(connection);
        if (turns) takeTurnsOn(connection, turns);
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
  const onFile = !target.databaseUrl && target.sqliteFile !== ":memory:";
  const turns = onFile ? createTurnsBuffer() : undefined;
  const mappers = knexSnakeCaseMappers();
  const db = knexFactory({
    ...knexConfig(target, turns),
    wrapIdentifier: mappers.wrapIdentifier,
    postProcessResponse: (result: unknown, context?: { [AS_STORED]?: boolean }) =>
      context?.[AS_STORED] ? result : mappers.postProcessResponse(result),
  });
  targets.set(db, target);
  if (turns) {
    takeTurnsInStatements(Object.getPrototypeOf(db.client) as Parameters<typeof takeTurnsInStatements>[0]);
    turnsOf.set(db, turns);
  }
  // knex's destroy() is read-only; it closes the pool through its client's.
  const client = db.client as { destroy(callback?: unknown): Promise<void> };
  const destroy = client.destroy.bind(client);
  client.destroy = async (callback?: unknown) => {
    const hooks = beforeDestroy.get(db) ?? [];
    beforeDestroy.delete(db);
    await Promise.allSettled(hooks.map((hook) => hook()));
    return destroy(callback);
  };
  return db;
}

const targets = new WeakMap<Db, DatabaseTarget>();
const turnsOf = new WeakMap<Db, TurnsBuffer>();

const beforeDestroy = new WeakMap<Db, Array<() => Promise<unknown>>>();

/** Runs `hook` before the database's connections close (a writer thread of its file ends first). */
export function whenDestroyed(db: Db, hook: () => Promise<unknown>): void {
  beforeDestroy.set(db, [...(beforeDestroy.get(db) ?? []), hook]);
}

/**
 * What a writer thread needs to write into this SQLite database beside the app's connection: the file,
 * and the turns it takes with that connection (sqliteTurns.ts). Null on PostgreSQL and in-memory SQLite.
 */
export function sqliteWriterTarget(db: Db): SqliteWriterTarget | null {
  const turns = turnsOf.get(db);
  return turns ? { file: targets.get(db)!.sqliteFile, turns } : null;
}

export interface SqliteWriterTarget {
  file: string;
  turns: TurnsBuffer;
}

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
