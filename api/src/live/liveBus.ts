import type { Knex } from "../db/knex.ts";

/**
 * Messages pushed to whoever watches a topic (an event's scans, a session's), across every API process
 * sharing the database: PostgreSQL's LISTEN/NOTIFY, or this process alone on SQLite. A message published
 * inside a transaction goes out once it commits, and never when it rolls back. Messages are small (an id
 * and a few fields: what a watcher lost while disconnected it reads back from the database, never from
 * the bus), and delivery is at most once: a watcher that must not miss any resumes from its last id.
 */
export interface LiveBus {
  /** Sends `data` to the topic's watchers, through `db` (a transaction delays it to the commit). */
  publish(db: Knex, topic: string, data: LiveData): Promise<void>;
  /** Sends each of `messages` to the topic's watchers, in order, as `publish` does one. */
  publishAll(db: Knex, topic: string, messages: readonly LiveData[]): Promise<void>;
  /**
   * A bus that goes through the database can send from inside a statement of the caller's, which decides
   * what goes out: an SQL expression (with its `?` bindings) to select in that statement, sending `whenTrue`
   * where the statement's boolean `condition` holds and `whenFalse` elsewhere, at its commit. Absent on a
   * bus that cannot: publish once the message is known.
   */
  notifyFromStatement?(topic: string, condition: string, whenTrue: LiveData, whenFalse: LiveData): LiveStatementPart;
  /**
   * Calls `listener` with each message of the topic; `onGap` when messages may have been lost (the
   * connection to the database dropped and came back): read what was missed again. Resolves, once
   * messages published from then on reach the listener, with the way to stop.
   */
  subscribe(topic: string, listener: (data: LiveData) => void, onGap?: () => void): Promise<() => void>;
  /** Stops listening (the process is stopping). */
  close(): Promise<void>;
}

export type LiveData = Record<string, unknown>;

/** A piece of SQL and its bindings, for a statement of the caller's. */
export interface LiveStatementPart {
  sql: string;
  bindings: unknown[];
}

/** The largest message, as JSON: PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const LIVE_MESSAGE_MAX_BYTES = 7_000;

/** The message as sent: refused when too big for NOTIFY, whichever database runs (the same code must hold on both). */
export function liveMessage(topic: string, data: LiveData): string {
  const message = JSON.stringify({ topic, data });
  if (Buffer.byteLength(message) > LIVE_MESSAGE_MAX_BYTES) {
    throw new Error(`A live message of ${Buffer.byteLength(message)} bytes: send an id and read the rest`);
  }
  return message;
}

/** The watchers of each topic, and their gap handlers: what both buses deliver to. */
export class LiveTopics {
  private readonly listeners = new Map<string, Set<(data: LiveData) => void>>();
  private readonly gapHandlers = new Set<() => void>();

  add(topic: string, listener: (data: LiveData) => void, onGap?: () => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    if (onGap) this.gapHandlers.add(onGap);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(topic);
      if (onGap) this.gapHandlers.delete(onGap);
    };
  }

  deliver(message: string): void {
    const { topic, data } = JSON.parse(message) as { topic: string; data: LiveData };
    for (const listener of this.listeners.get(topic) ?? []) listener(data);
  }

  gap(): void {
    for (const onGap of this.gapHandlers) onGap();
  }
}
