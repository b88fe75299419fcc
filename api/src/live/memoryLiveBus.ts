import type { Knex } from "../db/knex.ts";
import { liveMessage, LiveTopics, type LiveBus, type LiveData } from "./liveBus.ts";

/**
 * The live bus of one process (SQLite: one API process). A message published in a transaction waits for
 * its commit, as NOTIFY does, so a watcher never sees what was rolled back.
 */
export class MemoryLiveBus implements LiveBus {
  private readonly topics = new LiveTopics();

  async publish(db: Knex, topic: string, data: LiveData): Promise<void> {
    const message = liveMessage(topic, data);
    const outermost = outermostTransaction(db);
    if (!outermost) {
      queueMicrotask(() => this.topics.deliver(message));
      return;
    }
    // Delivered once the outermost transaction commits; dropped if it (or a savepoint's failure) rolls back.
    outermost.executionPromise.then(
      () => this.topics.deliver(message),
      () => undefined,
    );
  }

  async publishAll(db: Knex, topic: string, messages: readonly LiveData[]): Promise<void> {
    for (const data of messages) await this.publish(db, topic, data);
  }

  async subscribe(topic: string, listener: (data: LiveData) => void, onGap?: () => void): Promise<() => void> {
    return this.topics.add(topic, listener, onGap);
  }

  async close(): Promise<void> {}
}

interface RunningTransaction {
  executionPromise?: Promise<unknown>;
  parentTransaction?: RunningTransaction;
}

/** The transaction that commits for `db` (a savepoint's outermost one), or none outside a transaction. */
function outermostTransaction(db: Knex): Required<Pick<RunningTransaction, "executionPromise">> | null {
  if (!db.isTransaction) return null;
  let transaction = db as unknown as RunningTransaction;
  while (transaction.parentTransaction) transaction = transaction.parentTransaction;
  const { executionPromise } = transaction;
  return executionPromise ? { executionPromise } : null;
}
