import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { sqliteWriterTarget, whenDestroyed, type Db, type SqliteWriterTarget } from "../../../../db/knex.ts";
import type { BatchWritten, CheckpointMode, GuestBatchToWrite } from "./writeGuestPieces.ts";

/** A writer thread with nothing to do ends after this long (the next import starts another). */
const IDLE_MS = 10_000;

type Reply = { id: number; written: BatchWritten } | { id: number; error: string };

/**
 * The thread's module is TypeScript, like the app: a thread does not inherit the main thread's module
 * hooks, so it registers tsx's before importing it (an entry file given as .ts is refused before any hook).
 */
function threadBootstrap(): string {
  // tsx's ESM entry of "tsx/esm/api" (resolving the specifier from here would pick its CommonJS one).
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsx = pathToFileURL(path.join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const thread = new URL("./guestWriterThread.ts", import.meta.url).href;
  return `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(thread)});`;
}

/**
 * The main thread's handle on a SQLite database's writer thread: batches go in order, one reply each.
 * A thread that dies fails the batches it held (the import's run fails and resumes after its last piece).
 */
export class GuestWriterThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(written: BatchWritten): void; reject(error: Error): void }>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    target: SqliteWriterTarget,
    private readonly onEnd: () => void,
  ) {
    this.worker = new Worker(threadBootstrap(), { eval: true, workerData: target });
    this.worker.unref();
    this.worker.on("message", (reply: Reply) => this.settle(reply));
    this.worker.on("error", (error) => this.end(error));
    this.worker.on("exit", (code) => this.end(new Error(`the SQLite writer thread exited (${code})`)));
  }

  write(batch: GuestBatchToWrite): Promise<BatchWritten> {
    return this.ask({ batch });
  }

  /** Copies the WAL into the database on the thread (writeGuestPieces.ts: checkpoint). */
  async checkpoint(mode: CheckpointMode): Promise<void> {
    await this.ask({ checkpoint: mode });
  }

  private ask(request: { batch: GuestBatchToWrite } | { checkpoint: CheckpointMode }): Promise<BatchWritten> {
    if (this.ended) return Promise.reject(new Error("the SQLite writer thread has ended"));
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if ("error" in reply) waiter.reject(new Error(reply.error));
    else waiter.resolve(reply.written);
    if (!this.waiting.size) {
      this.idleTimer = setTimeout(() => {
        this.end(new Error("the SQLite writer thread has ended"));
        void this.worker.terminate();
      }, IDLE_MS);
      this.idleTimer.unref();
    }
  }

  /** Ends the thread now (its database closes); batches it held fail. */
  async stop(): Promise<void> {
    this.end(new Error("the SQLite writer thread was stopped"));
    await this.worker.terminate();
  }

  private end(error: Error): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idleTimer);
    this.onEnd();
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

const threads = new WeakMap<Db, GuestWriterThread>();

/** The writer thread of this SQLite database (started on first use), or null where there is none. */
export function guestWriterOf(db: Db): GuestWriterThread | null {
  const existing = threads.get(db);
  if (existing) return existing;
  const target = sqliteWriterTarget(db);
  if (!target) return null;
  const thread = new GuestWriterThread(target, () => {
    if (threads.get(db) === thread) threads.delete(db);
  });
  threads.set(db, thread);
  whenDestroyed(db, () => thread.stop());
  return thread;
}
