import type { Logger } from "pino";
import type { LiveBus } from "./liveBus.ts";
import { MemoryLiveBus } from "./memoryLiveBus.ts";
import { PgLiveBus } from "./pgLiveBus.ts";

export type { LiveBus, LiveData } from "./liveBus.ts";

/** PostgreSQL's LISTEN/NOTIFY across API processes; this process alone on SQLite. */
export function createLiveBus(databaseUrl: string | null, logger: Logger): LiveBus {
  return databaseUrl ? new PgLiveBus(databaseUrl, logger.child({ module: "live" })) : new MemoryLiveBus();
}
