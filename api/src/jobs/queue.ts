/**
 * One job-queue interface: pg-boss on PostgreSQL (each job runs once across API processes and
 * survives restarts), an in-process runner on SQLite.
 */
export interface JobOptions {
  /** How many times a failed job is tried again (default 5). */
  retryLimit?: number;
  /** First delay before a retry; doubles each time (default 5 s). */
  retryDelaySeconds?: number;
  startAfter?: Date;
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  /** Registers the handler of a queue; call before start(). */
  register<T>(name: string, handler: JobHandler<T>): void;
  /**
   * Enqueues a job; resolves once it is stored (not once it has run). Returns its id.
   * The handler receives the data as JSON would carry it (dates become strings). Rejects after stop().
   */
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<string>;
  start(): Promise<void>;
  /** Stops taking new jobs and waits for running ones. */
  stop(): Promise<void>;
  /**
   * Resolves when no job is queued, retrying or running (tests, graceful shutdown); rejects once
   * timeoutMs (default 30 s) has passed. On pg-boss it counts the jobs of every process.
   */
  drain(timeoutMs?: number): Promise<void>;
}
