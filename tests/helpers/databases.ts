import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export type DatabaseKind = "sqlite" | "postgres";

export interface TestDatabase {
  kind: DatabaseKind;
  databaseUrl: string | null;
  sqliteFile: string;
  drop(): Promise<void>;
}

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it with REQUIRE_PG=1). */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh, empty database of the given kind, dropped by drop(). */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const suffix = randomBytes(6).toString("hex");
  if (kind === "sqlite") {
    const sqliteFile = path.join(os.tmpdir(), `tessera-test-${suffix}.sqlite`);
    return {
      kind,
      databaseUrl: null,
      sqliteFile,
      async drop() {
        for (const extension of ["", "-wal", "-shm"]) rmSync(sqliteFile + extension, { force: true });
      },
    };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("DATABASE_URL is not set");
  const name = `tessera_t_${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    kind,
    databaseUrl: withDatabase(adminUrl, name),
    sqliteFile: ":memory:",
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
