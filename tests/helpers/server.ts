import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createApp } from "../../api/src/app.ts";
import { loadConfig, type Config } from "../../api/src/config.ts";
import type { AppDeps } from "../../api/src/services/scope.ts";
import { migrateLatest, type Db } from "../../api/src/db/knex.ts";
import { createDeps } from "../../api/src/wiring.ts";
import { createTestDatabase, type DatabaseKind } from "./databases.ts";
import { HttpClient } from "./http.ts";
import { startSmtpSink, type TestMailbox } from "./smtp.ts";

/** The test servers' TESSERA_SECRET (order links are derived from it). */
export const TEST_SERVER_SECRET = "test-secret-test-secret-test-secret-0123";

export interface TestServer {
  kind: DatabaseKind;
  baseUrl: string;
  db: Db;
  deps: AppDeps;
  config: Config;
  mailbox: TestMailbox;
  /** An anonymous client; `.as(token)` gives an authenticated one. */
  http: HttpClient;
  close(): Promise<void>;
}

export interface TestServerOptions {
  kind?: DatabaseKind;
  env?: Record<string, string>;
}

/** A real API over real HTTP on a fresh database, with a real SMTP sink. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const kind = options.kind ?? "sqlite";
  const mailbox = await startSmtpSink();
  const database = await createTestDatabase(kind, { migrated: true });
  const varDir = mkdtempSync(path.join(os.tmpdir(), "tessera-var-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    TESSERA_SECRET: TEST_SERVER_SECRET,
    TESSERA_VAR_DIR: varDir,
    SMTP_URL: mailbox.url,
    DATABASE_URL: database.databaseUrl ?? "",
    SQLITE_FILE: database.sqliteFile,
    // The test run's cheap password hashing (vitest.config.ts), unless the test says otherwise.
    PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? "",
    // The campaign sweep looks once at start, then only when a test asks for it (CAMPAIGN_SWEEP_MS in its env):
    // its queries every few seconds would land in the tests that count a request's queries.
    CAMPAIGN_SWEEP_MS: "3600000",
    ...options.env,
  });
  const deps = createDeps(config);
  if (!database.migrated) await migrateLatest(deps.db);
  await deps.start();
  const server = createApp(deps).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Emailed links must point at this server.
  config.publicUrl = baseUrl;
  return {
    kind,
    baseUrl,
    db: deps.db,
    deps,
    config,
    mailbox,
    http: new HttpClient(baseUrl),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await deps.stop();
      await database.drop();
      await mailbox.close();
      rmSync(varDir, { recursive: true, force: true });
    },
  };
}

/** The environment of a child process that works on `server`'s database and files as the server itself does. */
export function serverProcessEnv(server: TestServer): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: server.config.databaseUrl ?? "",
    SQLITE_FILE: server.config.sqliteFile,
    TESSERA_VAR_DIR: server.config.varDir,
    TESSERA_SECRET: server.config.secret,
  };
}
