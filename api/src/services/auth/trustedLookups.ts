import type { Db } from "../../db/knex.ts";

/** How long a session or API key read from the database is trusted without reading it again. */
const TRUSTED_MS = 2_000;
const MAX_ENTRIES = 10_000;
/** What an authenticated caller is made of: their session or API key, their user, their account. */
const AUTH_TABLES = /[`"\s.(](sessions|users|accounts|api_keys)[`"\s)]/i;
const READ = /^\s*select\b/i;
/** The end of a whole transaction (not of a savepoint inside it). */
const TRANSACTION_END = /^\s*(commit|rollback)\s*;?\s*$/i;
/** A transaction still open after this long is taken as lost (its connection gone) and no longer waited for. */
const LOST_TRANSACTION_MS = 60_000;

interface SeenQuery {
  sql: string;
  __knexUid?: string;
  __knexTxId?: string;
}

interface PoolEvents {
  on(event: "release" | "destroySuccess", listener: (...args: unknown[]) => void): void;
}

interface Entry {
  value: unknown;
  generation: number;
  storedAt: number;
}

/**
 * The sessions and API keys this process found lately, so that the requests of one caller in quick
 * succession (the pages of a list scrolled) do not each read them again: one round trip less on every
 * authenticated request. Any write this process makes to sessions, users, accounts or API keys (sign-out,
 * a role or password changed, an account suspended, a key revoked), through any query or transaction,
 * forgets everything at once, as the statement is sent and again once it is done or committed. A write
 * from another process sharing the database is seen within TRUSTED_MS.
 */
class TrustedLookups {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  /**
   * The connections of the transactions that wrote to the auth tables, and since when: nothing read is kept
   * until they are back in the pool, their COMMIT or ROLLBACK done.
   */
  private readonly writers = new Map<string, number>();

  constructor(db: Db) {
    db.on("query", (query: SeenQuery) => this.saw(query));
    db.on("query-response", (_response: unknown, query: SeenQuery) => this.saw(query));
    const pool = (db.client as { pool?: PoolEvents }).pool;
    const released = (connection: unknown) => {
      const writer = (connection as { __knexUid?: string } | undefined)?.__knexUid;
      if (writer && this.writers.delete(writer)) this.forget();
    };
    pool?.on("release", released);
    pool?.on("destroySuccess", (_eventId, connection) => released(connection));
  }

  private saw({ sql, __knexUid: connection, __knexTxId: transaction }: SeenQuery): void {
    // Savepoints (nested transactions) share their connection with the transaction that commits them.
    const writer = transaction && connection;
    if (writer && this.writers.has(writer) && TRANSACTION_END.test(sql)) return this.forget();
    if (READ.test(sql) || !AUTH_TABLES.test(sql)) return;
    if (writer && !this.writers.has(writer)) this.writers.set(writer, Date.now());
    this.forget();
  }

  private writing(now: number): boolean {
    for (const [writer, since] of this.writers) {
      if (now - since < LOST_TRANSACTION_MS) return true;
      this.writers.delete(writer);
    }
    return false;
  }

  private forget(): void {
    this.generation++;
    this.entries.clear();
  }

  async remember<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const entry = this.entries.get(key);
    if (entry && entry.generation === this.generation && Date.now() - entry.storedAt < TRUSTED_MS) {
      // A copy: a caller changing what it got must not change what the next one gets.
      return structuredClone(entry.value) as T;
    }
    const generation = this.generation;
    const value = await load();
    const now = Date.now();
    if (value !== null && generation === this.generation && !this.writing(now)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value: structuredClone(value), generation, storedAt: now });
    }
    return value;
  }

  forgetKey(key: string): void {
    this.entries.delete(key);
  }
}

const lookupsOf = new WeakMap<Db, TrustedLookups>();

/**
 * `load()`, or what it returned for `key` moments ago while nothing it depends on was written since (see
 * TrustedLookups). Inside a transaction, always `load()`.
 */
export function trustedLookup<T>(db: Db, key: string, load: () => Promise<T | null>): Promise<T | null> {
  if (db.isTransaction) return load();
  let lookups = lookupsOf.get(db);
  if (!lookups) {
    lookups = new TrustedLookups(db);
    lookupsOf.set(db, lookups);
  }
  return lookups.remember(key, load);
}

/** Drops what `trustedLookup` holds for `key` (a session found stale must be read again). */
export function forgetTrustedLookup(db: Db, key: string): void {
  lookupsOf.get(db)?.forgetKey(key);
}
