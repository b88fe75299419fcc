import type { Server } from "node:http";
import { createApp } from "./app.ts";
import { loadConfig, type Config } from "./config.ts";
import { createDeps } from "./wiring.ts";
import { migrateLatest } from "./db/knex.ts";
import type { AppDeps } from "./services/scope.ts";

export interface RunningServer {
  server: Server;
  url: string;
  deps: AppDeps;
  stop(): Promise<void>;
}

/**
 * Migrates, runs `beforeListen` (e.g. demo data), starts the job workers and listens; stop() closes
 * connections, drains jobs and the pool.
 */
export async function startServer(
  config: Config = loadConfig(),
  options: { port?: number; beforeListen?: (deps: AppDeps) => Promise<void> } = {},
): Promise<RunningServer> {
  const deps = createDeps(config);
  await migrateLatest(deps.db);
  await options.beforeListen?.(deps);
  await deps.start();
  const app = createApp(deps);
  const server = app.listen(options.port ?? config.port);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return {
    server,
    deps,
    url: `http://localhost:${port}`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await deps.stop();
    },
  };
}

export function stopOnSignals(running: RunningServer, log: (message: string) => void): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log(`${signal}: stopping…`);
      running.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startServer();
  console.log(`Tessera listening on ${running.url}`);
  stopOnSignals(running, console.log);
}
