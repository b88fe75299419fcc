import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { JobHandler, JobOptions, JobQueue } from "./queue.ts";

export const DEFAULT_RETRY_LIMIT = 5;
export const DEFAULT_RETRY_DELAY_SECONDS = 5;
export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;

export interface InProcessQueueOptions {
  logger: Logger;
  /** How many jobs run at the same time (default 4). */
  concurrency?: number;
  /**
   * How long one "second" of `retryDelaySeconds` lasts, in milliseconds (default 1000). Tests pass
   * 1 so that a job's 5 s back-off becomes 5 ms while keeping each job's own ratio.
   */
  retryDelayUnitMs?: number;
}

interface QueuedJob {
  id: string;
  name: string;
  data: unknown;
  /** Number of runs that already failed. */
  failures: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * The job queue of the embedded (SQLite) set-up: jobs live in memory and run in this process.
 * Jobs still queued when the process stops are lost; PostgreSQL deployments use pg-boss instead.
 */
export class InProcessQueue implements JobQueue {
  private readonly logger: Logger;
  private readonly concurrency: number;
  private readonly retryDelayUnitMs: number;
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly ready: QueuedJob[] = [];
  /** Jobs waiting for their start time or their next retry. */
  private readonly waiting = new Map<QueuedJob, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private idleListeners: Array<() => void> = [];
  private isStarted = false;
  private isStopped = false;

  constructor(options: InProcessQueueOptions) {
    this.logger = options.logger;
    this.concurrency = options.concurrency ?? 4;
    this.retryDelayUnitMs = options.retryDelayUnitMs ?? 1000;
    if (!Number.isInteger(this.concurrency) || this.concurrency < 1) {
      throw new Error(`concurrency must be a positive integer, got ${this.concurrency}`);
    }
  }

  register<T>(name: string, handler: JobHandler<T>): void {
    if (this.isStarted) throw new Error(`register("${name}") must be called before start()`);
    if (this.handlers.has(name)) throw new Error(`A handler is already registered for job "${name}"`);
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  async send<T extends object>(name: string, data: T, options: JobOptions = {}): Promise<string> {
    if (this.isStopped) throw new Error(`The job queue is stopped: cannot send "${name}"`);
    if (!this.handlers.has(name)) throw new Error(`No handler is registered for job "${name}"`);
    const job: QueuedJob = {
      id: randomUUID(),
      name,
      // A JSON round trip gives handlers the same data pg-boss would (dates become strings) and a
      // copy the caller cannot change afterwards.
      data: JSON.parse(JSON.stringify(data)),
      failures: 0,
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelaySeconds: options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
    };
    const delayMs = options.startAfter ? options.startAfter.getTime() - Date.now() : 0;
    if (delayMs > 0) this.waitThenQueue(job, delayMs);
    else this.ready.push(job);
    this.pump();
    return job.id;
  }

  async start(): Promise<void> {
    if (this.isStopped) throw new Error("A stopped job queue cannot start again; create a new one");
    this.isStarted = true;
    this.pump();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    const dropped = this.ready.length + this.waiting.size;
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    this.ready.length = 0;
    if (dropped > 0) this.logger.warn({ dropped }, "job queue stopped with jobs not run yet; they are dropped");
    await Promise.all(this.running);
    this.notifyIfIdle();
  }

  drain(timeoutMs = DEFAULT_DRAIN_TIMEOUT_MS): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const onIdle = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.idleListeners = this.idleListeners.filter((listener) => listener !== onIdle);
        reject(new Error(`Jobs still pending after ${timeoutMs} ms: ${this.describePending()}`));
      }, timeoutMs);
      this.idleListeners.push(onIdle);
    });
  }

  private waitThenQueue(job: QueuedJob, delayMs: number): void {
    const timer = setTimeout(() => {
      this.waiting.delete(job);
      this.ready.push(job);
      this.pump();
    }, delayMs);
    this.waiting.set(job, timer);
  }

  private pump(): void {
    if (!this.isStarted || this.isStopped) return;
    while (this.running.size < this.concurrency && this.ready.length > 0) {
      const job = this.ready.shift()!;
      const run = this.run(job).finally(() => {
        this.running.delete(run);
        this.pump();
        this.notifyIfIdle();
      });
      this.running.add(run);
    }
  }

  private async run(job: QueuedJob): Promise<void> {
    const handler = this.handlers.get(job.name)!;
    try {
      await handler(job.data);
    } catch (error) {
      this.onFailure(job, error);
    }
  }

  private onFailure(job: QueuedJob, error: unknown): void {
    job.failures += 1;
    const context = { err: error, job: job.name, jobId: job.id, attempt: job.failures };
    if (this.isStopped) {
      this.logger.error(context, "job failed while the queue was stopping; it is dropped");
      return;
    }
    if (job.failures > job.retryLimit) {
      this.logger.error(context, "job failed, no retry left");
      return;
    }
    const delayMs = job.retryDelaySeconds * this.retryDelayUnitMs * 2 ** (job.failures - 1);
    this.logger.warn({ ...context, retryInMs: delayMs }, "job failed, will retry");
    this.waitThenQueue(job, delayMs);
  }

  private isIdle(): boolean {
    return this.ready.length === 0 && this.waiting.size === 0 && this.running.size === 0;
  }

  private notifyIfIdle(): void {
    if (!this.isIdle()) return;
    const listeners = this.idleListeners;
    this.idleListeners = [];
    for (const listener of listeners) listener();
  }

  private describePending(): string {
    return `${this.ready.length} queued, ${this.waiting.size} waiting (start time or retry), ${this.running.size} running`;
  }
}
