import { GuestImport } from "../../../models/GuestImport.ts";
import type { AppDeps } from "../../scope.ts";
import { deadBefore, IMPORT_STALE_MS } from "./process.ts";

/**
 * Imports whose worker died (killed, restarted, out of memory) stop saying "processing": one whose heartbeat
 * is older than IMPORT_STALE_MS is marked failed. The organizer may process it again from the wizard: on
 * PostgreSQL nothing of it was written (all or nothing) and it runs from scratch; on SQLite it resumes after
 * its committed batches (sqliteWriter/writeInBatches.ts). Returns how many were marked.
 */
export async function failInterruptedImports(deps: Pick<AppDeps, "db" | "clock" | "logger">): Promise<number> {
  const now = deps.clock.now();
  const marked = await GuestImport.query(deps.db)
    .where({ status: "processing" })
    .where("heartbeatAt", "<", deadBefore(now))
    .patch({ status: "failed", finishedAt: now });
  if (marked) deps.logger.warn({ imports: marked }, "interrupted guest imports marked failed");
  return marked;
}

/**
 * Looks for interrupted imports at once (a restart finds what the previous process left) and then every
 * half staleness period (a worker of another process may die at any time). Returns the stop function.
 */
export function watchInterruptedImports(deps: Pick<AppDeps, "db" | "clock" | "logger">): {
  firstPass: Promise<number>;
  stop(): void;
} {
  const sweep = () =>
    failInterruptedImports(deps).catch((error: unknown) => {
      deps.logger.error({ err: error }, "could not look for interrupted guest imports");
      return 0;
    });
  const timer = setInterval(() => void sweep(), IMPORT_STALE_MS / 2);
  timer.unref();
  return { firstPass: sweep(), stop: () => clearInterval(timer) };
}
