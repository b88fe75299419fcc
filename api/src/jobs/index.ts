import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Db } from "../db/knex.ts";
import { isPostgres } from "../db/dialect.ts";
import { InProcessQueue } from "./inProcessQueue.ts";
import { PgBossQueue } from "./pgBossQueue.ts";
import type { JobQueue } from "./queue.ts";

export type { JobHandler, JobOptions, JobQueue } from "./queue.ts";
export { InProcessQueue } from "./inProcessQueue.ts";
export { PgBossQueue } from "./pgBossQueue.ts";

/**
 * The job queue that lives where the data lives: pg-boss in the PostgreSQL database of
 * config.databaseUrl, or the in-process runner with SQLite.
 */
export function createJobQueue(config: Config, db: Db, logger: Logger): JobQueue {
  const jobLogger = logger.child({ module: "jobs" });
  if (config.databaseUrl) {
    if (!isPostgres(db)) throw new Error("DATABASE_URL is set but the database handle is not PostgreSQL");
    return new PgBossQueue({ connectionString: config.databaseUrl, logger: jobLogger });
  }
  return new InProcessQueue({ logger: jobLogger });
}
