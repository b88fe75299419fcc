import type { Db } from "./knex.ts";

/** How long a read is trusted without reading it again, for a write made by another process to be seen. */
const TRUSTED_MS = 2_000;
const MAX_ENTRIES = 10_000;
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
 * What this process read lately from some tables, so that requests in quick succession do not each read
 * it again (a caller's session on every request, a form in a registration storm). Any write this process
 * makes to those tables, through any query or transaction, forgets everything at once, as the statement is
 * sent and again once it is done or committed; nothing read while a transaction writing them is open is
 * kept. A write from another process sharing the database is seen within TRUSTED_MS.
 */
class RememberedReads {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  /**
   * The connections of the transactions that wrote to the auth tables, and since when: nothing read is kept
   * until they are back in the pool, their COMMIT or ROLLBACK done.
   */
  private readonly writers = new Map<string, number>();

  constructor(
    db: Db,
    private readonly tables: RegExp,
  ) {
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
    if (READ.test(sql) || !this.tables.test(sql)) return;
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
}

const readsOf = new WeakMap<Db, Map<string, RememberedReads>>();

/** A statement naming one of `tables` (quoted or not), as both dialects write it. */
function naming(tables: readonly string[]): RegExp {
  return new RegExp(`[\`"\\s.(](${tables.join("|")})[\`"\\s)]`, "i");
}

/**
 * `load()`, or what it returned for `key` moments ago while none of `tables` was written since (see
 * RememberedReads). Inside a transaction, always `load()`. What is returned is a copy: changing it changes
 * nothing for the next caller.
 */
export function rememberedRead<T>(
  db: Db,
  tables: readonly string[],
  key: string,
  load: () => Promise<T | null>,
): Promise<T | null> {
  if (db.isTransaction) return load();
  const set = tables.join(",");
  let sets = readsOf.get(db);
  if (!sets) readsOf.set(db, (sets = new Map()));
  let reads = sets.get(set);
  if (!reads) sets.set(set, (reads = new RememberedReads(db, naming(tables))));
  return reads.remember(key, load);
}
