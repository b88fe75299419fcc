import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { createDb } from "./db/knex.ts";
import { createJobQueue } from "./jobs/index.ts";
import { createLiveBus } from "./live/index.ts";
import { createMailer, registerMailJobs } from "./mail/index.ts";
import { startBounceServer, type BounceServer } from "./mail/bounceServer.ts";
import { createLogger } from "./logger.ts";
import { createFileStorage } from "./storage/index.ts";
import { copyCustomFields } from "./services/guests/customFields.ts";
import { moveFilesToKeptGuest } from "./services/guests/files.ts";
import { watchInterruptedImports } from "./services/guests/import/interrupted.ts";
import { registerGuestImportJobs } from "./services/guests/import/job.ts";
import { registerGuestTallyJobs } from "./services/events/guestTallies.ts";
import { registerPortalJobs } from "./services/portal/signIn.ts";
import { registerFormJobs } from "./services/forms/confirmationMail.ts";
import { registerAutoMailJobs } from "./services/autoMails/deliver.ts";
import { registerOrderMailJobs } from "./services/autoMails/orderMails.ts";
import { registerEbadgeJobs } from "./services/ebadges/batches.ts";
import { registerCampaignJobs } from "./services/campaigns/send/jobs.ts";
import { registerOrderDocumentJobs, watchOwedDocuments } from "./services/orders/orderDocuments.ts";
import { watchOpenPayments } from "./services/orders/paymentSweep.ts";
import { moveBadgePrintsToKeptGuest } from "./services/ebadges/guestMerge.ts";
import { moveCheckinsToKeptGuest } from "./services/checkins/guestMerge.ts";
import { revokeMergedGuestCode } from "./services/checkin-codes/guestMerge.ts";
import { moveContactMessagesToKeptGuest, registerContactJobs } from "./services/contact/contactOrganizer.ts";
import type { DomainHooks } from "./services/hooks.ts";
import { detachDeadOrders, moveOrdersToKeptGuest, refuseTicketHolders } from "./services/orders/guestHooks.ts";
import { systemClock, type AppDeps, type Clock } from "./services/scope.ts";

/*
 * The composition root. The server (server.ts), the job workers it starts, the scripts and the tests
 * all build their dependencies here, so every one of them runs with the same hooks and jobs.
 */

/** Every hook of one area on another's operations, in the order they run. */
export function domainHooks(): DomainHooks {
  return {
    guestDeletionGuards: [refuseTicketHolders],
    guestDeletionSteps: [detachDeadOrders],
    guestMergeSteps: [
      moveFilesToKeptGuest,
      moveOrdersToKeptGuest,
      moveContactMessagesToKeptGuest,
      moveCheckinsToKeptGuest,
      moveBadgePrintsToKeptGuest,
      revokeMergedGuestCode,
    ],
    eventCopiers: [copyCustomFields],
  };
}

export interface RunningDeps extends AppDeps {
  /** Starts the job workers. */
  start(): Promise<void>;
  /** Drains the jobs and closes the pool. */
  stop(): Promise<void>;
  /** The SMTP endpoint bounces come back to, while started (config.inboundMail.smtpPort set). */
  bounceServer(): BounceServer | null;
}

/** The long-lived dependencies of one API process (or worker, script, test). */
export function createDeps(config: Config, options: { logger?: Logger; clock?: Clock } = {}): RunningDeps {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  const jobs = createJobQueue(config, db, logger);
  const deps: AppDeps = {
    config,
    db,
    logger,
    jobs,
    mail: createMailer({ config, jobs, logger }),
    storage: createFileStorage(config),
    live: createLiveBus(config.databaseUrl, logger),
    clock: options.clock ?? systemClock,
    hooks: domainHooks(),
  };
  registerMailJobs(jobs, { config, logger });
  registerGuestImportJobs(deps);
  registerGuestTallyJobs(deps);
  registerPortalJobs(deps);
  registerFormJobs(deps);
  registerAutoMailJobs(deps);
  registerOrderMailJobs(deps);
  registerContactJobs(deps);
  registerEbadgeJobs(deps);
  registerOrderDocumentJobs(deps);
  const campaignSends = registerCampaignJobs(deps);
  let owedDocuments: ReturnType<typeof watchOwedDocuments> | undefined;
  let openPayments: ReturnType<typeof watchOpenPayments> | undefined;
  let interruptedImports: ReturnType<typeof watchInterruptedImports> | undefined;
  let bounceServer: BounceServer | null = null;
  return Object.assign(deps, {
    bounceServer: () => bounceServer,
    async start() {
      await jobs.start();
      // What a killed process left "processing" becomes "failed", to be processed again.
      interruptedImports = watchInterruptedImports(deps);
      await interruptedImports.firstPass;
      // Paid orders and refunds a killed process left without their invoice or credit note get them. Tests call
      // the sweep themselves: one running on its own would number invoices in an order they do not expect.
      if (config.env !== "test") owedDocuments = watchOwedDocuments(deps);
      // Card payments and refunds a killed process left between Stripe's answer and its commit are settled.
      if (config.env !== "test") openPayments = watchOpenPayments(deps);
      // Scheduled campaigns whose date came, and sends a killed process left, are taken up.
      campaignSends.start();
      // Bounces and delivery reports of campaign mail, where the configuration gives the endpoint a port.
      const inbound = config.inboundMail;
      if (inbound.smtpPort !== null)
        bounceServer = await startBounceServer(deps, {
          port: inbound.smtpPort,
          host: inbound.smtpHost,
          bounceDomain: inbound.bounceDomain,
          maxBytes: inbound.maxBytes,
        });
    },
    async stop() {
      await bounceServer?.close();
      bounceServer = null;
      interruptedImports?.stop();
      owedDocuments?.stop();
      openPayments?.stop();
      await campaignSends.stop();
      await deps.live.close();
      await jobs.stop();
      await db.destroy();
    },
  });
}
