import type { Logger } from "pino";
import type { Config } from "./config.ts";
import type { AppDeps } from "./http/context.ts";
import { createDb } from "./db/knex.ts";
import { createJobQueue } from "./jobs/index.ts";
import { createMailer, registerMailJobs } from "./mail/index.ts";
import { createLogger } from "./logger.ts";
import { createFileStorage } from "./storage/index.ts";
import { registerGuestImportJobs } from "./services/guests/import/job.ts";

/** Wires the long-lived services of one API process. Call start() before serving, stop() to drain. */
export function createDeps(
  config: Config,
  logger: Logger = createLogger(config.logLevel),
): AppDeps & {
  start(): Promise<void>;
  stop(): Promise<void>;
} {
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  const jobs = createJobQueue(config, db, logger);
  const mail = createMailer({ config, jobs, logger });
  registerMailJobs(jobs, { config, logger });
  const storage = createFileStorage(config);
  registerGuestImportJobs(jobs, { db, storage, logger });
  return {
    config,
    db,
    logger,
    jobs,
    mail,
    storage,
    async start() {
      await jobs.start();
    },
    async stop() {
      await jobs.stop();
      await db.destroy();
    },
  };
}
