import pg from "pg";
import type { Logger } from "pino";
import type { Knex } from "../db/knex.ts";
import { liveMessage, LiveTopics, type LiveBus, type LiveData, type LiveStatementPart } from "./liveBus.ts";

/** The one NOTIFY channel of the app's live messages (a message names its topic). */
export const LIVE_CHANNEL = "tessera_live";
const RECONNECT_MS = { first: 200, max: 5_000 };

/**
 * The live bus across API processes: NOTIFY through the caller's connection (inside a transaction,
 * PostgreSQL sends it at the commit), LISTEN on a connection of its own that comes back by itself when it
 * drops, telling the watchers they may have missed messages.
 */
export class PgLiveBus implements LiveBus {
  private readonly topics = new LiveTopics();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retryMs = RECONNECT_MS.first;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Whether this bus listened before: listening again means messages may have been missed. */
  private hasListened = false;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {}

  async publish(db: Knex, topic: string, data: LiveData): Promise<void> {
    await db.raw("select pg_notify(?, ?)", [LIVE_CHANNEL, liveMessage(topic, data)]);
  }

  async publishAll(db: Knex, topic: string, messages: readonly LiveData[]): Promise<void> {
    if (messages.length === 0) return;
    // One statement for the lot, in the array's order (a transaction's notifications go out in the order sent).
    await db.raw("select pg_notify(?, message) from unnest(?::text[]) as message", [
      LIVE_CHANNEL,
      messages.map((data) => liveMessage(topic, data)),
    ]);
  }

  notifyFromStatement(topic: string, condition: string, whenTrue: LiveData, whenFalse: LiveData): LiveStatementPart {
    return {
      sql: `pg_notify(?, case when ${condition} then ? else ? end)`,
      bindings: [LIVE_CHANNEL, liveMessage(topic, whenTrue), liveMessage(topic, whenFalse)],
    };
  }

  async subscribe(topic: string, listener: (data: LiveData) => void, onGap?: () => void): Promise<() => void> {
    const stop = this.topics.add(topic, listener, onGap);
    // Once listening (or once the first try failed: the retry that succeeds then tells of the gap).
    await this.listen();
    return stop;
  }

  /** Resolves once this process listens, or its try failed (the first subscription starts it). */
  listen(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.logger.warn({ err: error }, "live bus: cannot listen, retrying");
      this.connecting = null;
      this.retryLater();
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: "tessera-live" });
    client.on("notification", (notification) => {
      if (notification.channel === LIVE_CHANNEL && notification.payload) this.topics.deliver(notification.payload);
    });
    client.on("error", (error) => this.dropped(client, error));
    client.on("end", () => this.dropped(client, null));
    await client.connect();
    await client.query(`listen ${LIVE_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_MS.first;
    if (this.hasListened) this.topics.gap();
    this.hasListened = true;
  }

  private dropped(client: pg.Client, error: Error | null): void {
    if (this.client !== client) return;
    this.client = null;
    this.connecting = null;
    if (this.closed) return;
    this.logger.warn({ err: error }, "live bus: connection lost, listening again");
    // Messages sent meanwhile are lost: watchers read them back once listening again (gap).
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.listen();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MS.max);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
