/**
 * The set-up most integration files share: a test server (and, when asked, the cast of a role × route
 * matrix), started in `beforeAll` and closed in `afterAll` of the `describe` that calls it. The
 * integration counterpart of `useE2eEnvironment` (e2e.ts).
 *
 *   describe.each(databaseKinds())("… on %s", (kind) => {
 *     const suite = useCastServer(kind);
 *     it("…", async () => {
 *       const response = await suite.cast.client("reader").get(`/api/v1/accounts/${suite.cast.accountA.id}`);
 *       …
 *       await AuditLog.query(suite.server.db) …
 *     });
 *   });
 *
 * A further `beforeAll` in the same `describe`, declared after the call, runs once they are there.
 */
import { afterAll, beforeAll } from "vitest";
import { buildCast, type Cast, type CastOptions } from "./actors.ts";
import type { DatabaseKind } from "./databases.ts";
import { startTestServer, type TestServer, type TestServerOptions } from "./server.ts";

/** Filled by the hooks: reading a part before `beforeAll` has run throws. */
export interface ServerSuite {
  readonly server: TestServer;
}

export interface CastSuite extends ServerSuite {
  readonly cast: Cast;
}

export type SuiteServerOptions = Omit<TestServerOptions, "kind">;

export interface CastSuiteOptions extends SuiteServerOptions {
  cast?: CastOptions;
}

function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`The test ${name} is not there: read it in a test, after beforeAll`);
  return value;
}

/** A test server on `kind` (TestServerOptions' `env` and the like in `options`). */
export function useTestServer(kind: DatabaseKind, options: SuiteServerOptions = {}): ServerSuite {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ ...options, kind });
  });
  afterAll(async () => server?.close());
  return {
    get server() {
      return ready(server, "server");
    },
  };
}

/** A test server on `kind` and the cast built on it (`options.cast` for buildCast). */
export function useCastServer(kind: DatabaseKind, options: CastSuiteOptions = {}): CastSuite {
  const { cast: castOptions, ...serverOptions } = options;
  const suite = useTestServer(kind, serverOptions);
  let cast: Cast | undefined;
  beforeAll(async () => {
    cast = await buildCast(suite.server, castOptions);
  });
  return {
    get server() {
      return suite.server;
    },
    get cast() {
      return ready(cast, "cast");
    },
  };
}
