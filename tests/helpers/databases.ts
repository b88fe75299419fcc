import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, migrateLatest } from "../../api/src/db/knex.ts";

export type DatabaseKind = "sqlite" | "postgres";

export interface TestDatabase {
  kind: DatabaseKind;
  databaseUrl: string | null;
  sqliteFile: string;
  /** True when it already holds every migration (a copy of the run's template). */
  migrated: boolean;
  drop(): Promise<void>;
}

/**
 * Where the run's migrated templates are (set by globalSetup.ts, read in the test processes, which
 * inherit its environment): a SQLite file to copy and a PostgreSQL database to clone.
 */
const SQLITE_TEMPLATE_ENV = "TESSERA_TEST_SQLITE_TEMPLATE";
const POSTGRES_TEMPLATE_ENV = "TESSERA_TEST_POSTGRES_TEMPLATE";

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it with REQUIRE_PG=1). */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}

async function asAdmin(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function sqliteFileName(): string {
  return path.join(os.tmpdir(), `tessera-test-${randomBytes(6).toString("hex")}.sqlite`);
}

function removeSqlite(file: string): void {
  for (const extension of ["", "-wal", "-shm"]) rmSync(file + extension, { force: true });
}

/**
 * A fresh database of the given kind, dropped by drop(). Empty unless `migrated` is asked for: then a
 * copy of the run's migrated template when globalSetup made one (a file copy on SQLite, CREATE
 * DATABASE … TEMPLATE on PostgreSQL), else an empty one (`migrated` false: the caller migrates).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const suffix = randomBytes(6).toString("hex");
  if (kind === "sqlite") {
    const sqliteFile = sqliteFileName();
    const template = options.migrated ? process.env[SQLITE_TEMPLATE_ENV] : undefined;
    if (template) copyFileSync(template, sqliteFile);
    return {
      kind,
      databaseUrl: null,
      sqliteFile,
      migrated: Boolean(template),
      async drop() {
        removeSqlite(sqliteFile);
      },
    };
  }
  const name = `tessera_t_${suffix}`;
  const template = options.migrated ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
  await asAdmin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return {
    kind,
    databaseUrl: withDatabase(adminUrl(), name),
    sqliteFile: ":memory:",
    migrated: Boolean(template),
    async drop() {
      await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Migrates one database of each kind once for the whole run (globalSetup.ts) and publishes where they
 * are to the test processes; returns what removes them. Every test database is then a copy of one.
 */
export async function prepareTemplates(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tessera-template-"));
  const sqliteFile = path.join(dir, "template.sqlite");
  const sqlite = createDb({ databaseUrl: null, sqliteFile });
  try {
    await migrateLatest(sqlite);
    // Everything into the main file, so a copy of that one file is the whole database.
    await sqlite.raw("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    await sqlite.destroy();
  }
  let postgresName: string | null = null;
  if (process.env.DATABASE_URL) {
    postgresName = `tessera_template_${randomBytes(6).toString("hex")}`;
    await asAdmin(`CREATE DATABASE ${postgresName}`);
    const postgres = createDb({ databaseUrl: withDatabase(adminUrl(), postgresName), sqliteFile: ":memory:" });
    try {
      await migrateLatest(postgres);
    } finally {
      // No connection may stay open on a template while it is cloned.
      await postgres.destroy();
    }
  }
  process.env[SQLITE_TEMPLATE_ENV] = sqliteFile;
  if (postgresName) process.env[POSTGRES_TEMPLATE_ENV] = postgresName;
  return async () => {
    delete process.env[SQLITE_TEMPLATE_ENV];
    delete process.env[POSTGRES_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
    if (postgresName) await asAdmin(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
  };
}

/** True when an earlier globalSetup of this run (another project's) already made the templates. */
export function templatesArePrepared(): boolean {
  return Boolean(process.env[SQLITE_TEMPLATE_ENV]);
}
