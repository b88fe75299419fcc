import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { JobHandler, JobOptions, JobQueue } from "./queue.ts";
import { DEFAULT_DRAIN_TIMEOUT_MS, DEFAULT_RETRY_DELAY_SECONDS, DEFAULT_RETRY_LIMIT } from "./inProcessQueue.ts";

/** pg-boss keeps its tables in this schema of the application's database. */
export const PGBOSS_SCHEMA = "pgboss";

const DRAIN_POLL_MS = 100;
/** Safe inside a SQL literal as it is, and accepted by pg-boss. */
const QUEUE_NAME = /^[\w.-]+$/;

export interface PgBossQueueOptions {
  /** The application's PostgreSQL database (config.databaseUrl). */
  connectionString: string;
  logger: Logger;
  /** Jobs of one queue this process fetches and runs together (default 4). */
  concurrency?: number;
  /** How often an idle worker looks for new jobs (default 1 s; pg-boss 10 refuses less than 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Connections in pg-boss's own pool (default 4). */
  poolSize?: number;
  /** How long stop() waits for running jobs before failing them (they are retried later). */
  stopTimeoutMs?: number;
}

/**
 * The job queue on PostgreSQL: jobs are rows of pg-boss's tables, so they survive restarts and each
 * runs once even with several API processes (pg-boss fetches with FOR UPDATE SKIP LOCKED).
 * A stopped queue cannot start again; create a new one.
 */
export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly logger: Logger;
  private readonly concurrency: number;
  private readonly pollingIntervalSeconds: number;
  private readonly stopTimeoutMs: number;
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly workerIds = new Map<string, string>();
  /** Queues this process created (pg-boss 10 needs createQueue() before send() and work()). */
  private readonly createdQueues = new Map<string, Promise<void>>();
  private connecting: Promise<void> | null = null;
  private isStarted = false;
  private isStopped = false;

  constructor(options: PgBossQueueOptions) {
    this.logger = options.logger;
    this.concurrency = options.concurrency ?? 4;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: PGBOSS_SCHEMA,
      application_name: "tessera-jobs",
      max: options.poolSize ?? 4,
      // No cron schedules in the JobQueue interface: skip the clock monitor and its workers.
      schedule: false,
      // Mail jobs carry one-time links and codes: keep finished jobs briefly (they expire within the hour anyway).
      archiveCompletedAfterSeconds: 15 * 60,
      deleteAfterHours: 24,
    });
    // An EventEmitter "error" with no listener would crash the process.
    this.boss.on("error", (error) => this.logger.error({ err: error }, "pg-boss error"));
  }

  register<T>(name: string, handler: JobHandler<T>): void {
    if (this.isStarted) throw new Error(`register("${name}") must be called before start()`);
    if (this.handlers.has(name)) throw new Error(`A handler is already registered for job "${name}"`);
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  async send<T extends object>(name: string, data: T, options: JobOptions = {}): Promise<string> {
    if (this.isStopped) throw new Error(`The job queue is stopped: cannot send "${name}"`);
    await this.connect();
    await this.ensureQueue(name);
    const id = await this.boss.send(name, data, {
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      // pg-boss counts whole seconds.
      retryDelay: Math.max(1, Math.round(options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS)),
      retryBackoff: true,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
    // Only singleton or throttled sends may return null, and none are made here.
    if (id === null) throw new Error(`pg-boss did not store job "${name}"`);
    // A worker of this process picks the job up now instead of at its next poll.
    const workerId = this.workerIds.get(name);
    if (workerId && !options.startAfter) this.boss.notifyWorker(workerId);
    return id;
  }

  async start(): Promise<void> {
    if (this.isStopped) throw new Error("A stopped job queue cannot start again; create a new one");
    if (this.isStarted) return;
    this.isStarted = true;
    await this.connect();
    for (const [name, handler] of this.handlers) {
      await this.ensureQueue(name);
      const workerId = await this.boss.work<unknown>(
        name,
        { batchSize: this.concurrency, includeMetadata: true, pollingIntervalSeconds: this.pollingIntervalSeconds },
        (jobs) => this.runBatch(name, handler, jobs),
      );
      this.workerIds.set(name, workerId);
    }
  }

  async stop(): Promise<void> {
    if (this.isStopped) return;
    this.isStopped = true;
    if (!this.connecting) return;
    await this.connecting.catch(() => undefined);
    // graceful + wait: resolves once running jobs have ended (or were failed after the timeout,
    // which makes pg-boss retry them) and the pool is closed.
    await this.boss.stop({ graceful: true, wait: true, timeout: this.stopTimeoutMs });
  }

  async drain(timeoutMs = DEFAULT_DRAIN_TIMEOUT_MS): Promise<void> {
    await this.connect();
    const names = [...new Set([...this.handlers.keys(), ...this.createdQueues.keys()])];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pending = await this.countPending(names);
      if (pending.every(([, count]) => count === 0)) return;
      if (Date.now() >= deadline) {
        const detail = pending.map(([name, count]) => `${name}: ${count}`).join(", ");
        throw new Error(`Jobs still pending after ${timeoutMs} ms (${detail})`);
      }
      await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
    }
  }

  /** Jobs created, waiting for a retry or active, per queue (across every process). */
  private countPending(names: string[]): Promise<Array<[string, number]>> {
    return Promise.all(
      names.map(async (name): Promise<[string, number]> => [
        name,
        (await this.boss.getQueueSize(name, { before: "completed" })) ?? 0,
      ]),
    );
  }

  private connect(): Promise<void> {
    this.connecting ??= this.boss.start().then(() => undefined);
    return this.connecting;
  }

  private ensureQueue(name: string): Promise<void> {
    let created = this.createdQueues.get(name);
    if (!created) {
      created = this.createQueue(name);
      created.catch(() => this.createdQueues.delete(name));
      this.createdQueues.set(name, created);
    }
    return created;
  }

  /**
   * pg-boss 10's create_queue() adds a partition and foreign keys to pgboss.job: two processes (or
   * two sends) creating queues at the same time deadlock ("deadlock detected"). A transaction-scoped
   * advisory lock serialises the creations; create_queue() itself does nothing for an existing queue.
   */
  private async createQueue(name: string): Promise<void> {
    if (!QUEUE_NAME.test(name)) throw new Error(`Invalid job name "${name}": use letters, digits, _ . -`);
    if (await this.boss.getQueue(name)) return;
    // One simple-protocol query string (no parameters) runs as one implicit transaction, which
    // holds the xact lock until create_queue() has committed.
    await this.boss
      .getDb()
      .executeSql(
        `SELECT pg_advisory_xact_lock(hashtext('${PGBOSS_SCHEMA}.create_queue'));` +
          ` SELECT ${PGBOSS_SCHEMA}.create_queue('${name}', '{"policy":"standard"}'::json);`,
        [],
      );
  }

  /**
   * Runs a fetched batch in parallel. A job that throws is failed on its own (pg-boss retries it
   * while retries are left); pg-boss then completes only the jobs of the batch still active.
   */
  private async runBatch(
    name: string,
    handler: JobHandler<unknown>,
    jobs: PgBoss.JobWithMetadata<unknown>[],
  ): Promise<void> {
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await handler(job.data);
        } catch (error) {
          await this.failJob(name, job, error);
        }
      }),
    );
    // A full batch suggests more jobs are waiting: fetch again at once instead of after the interval.
    const workerId = this.workerIds.get(name);
    if (jobs.length === this.concurrency && workerId && !this.isStopped) this.boss.notifyWorker(workerId);
  }

  private async failJob(name: string, job: PgBoss.JobWithMetadata<unknown>, error: unknown): Promise<void> {
    const attempt = job.retryCount + 1;
    const context = { err: error, job: name, jobId: job.id, attempt };
    if (job.retryCount < job.retryLimit) this.logger.warn(context, "job failed, will retry");
    else this.logger.error(context, "job failed, no retry left");
    // If this throws (database unreachable), runBatch rejects and pg-boss fails the whole batch:
    // better to run a finished job again than to mark a failed one completed.
    await this.boss.fail(name, job.id, errorOutput(error));
  }
}

/** What pg-boss stores as the failed job's output (an Error itself serialises to {}). */
function errorOutput(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { message: String(error) };
}
