/**
 * SQLite has one writer at a time. The app's own connection (knex, on the event loop) and a writer thread's
 * connection (a long import, writing in pieces) take turns through these few shared integers, so that:
 *   - the event loop never blocks: an app statement that writes (or a transaction, from its BEGIN) waits
 *     for the writer's piece asynchronously, instead of in SQLite's busy handler, which sleeps on the event
 *     loop; reads outside a transaction need no turn (WAL gives each a consistent snapshot);
 *   - the app's transactions never meet a write committed in their middle (SQLITE_BUSY_SNAPSHOT, when a
 *     transaction that has read tries to write after another connection committed);
 *   - the app goes first: the writer ends its piece as soon as an app write waits, and waits until the
 *     app's writes are over;
 *   - the writer is not starved: after WRITER_PATIENCE_MS of waiting it asks for a turn, and new app writes
 *     wait until it has had one.
 * A Dekker-style handshake over sequentially consistent Atomics: each side announces itself, then checks
 * the other, so both can never hold the turn at once.
 */

/** App writes (statements or transactions) running or waiting for their turn. */
const APP_USERS = 0;
/** 1 while the writer thread has its turn (from before its BEGIN to after its COMMIT). */
const WRITER_TURN = 1;
/** 1 while the writer has waited long enough: new app writes let it go first. */
const WRITER_ASKS = 2;

/** How long the writer waits for the app before it asks for a turn of its own. */
const WRITER_PATIENCE_MS = 50;
/** The longest an app write waits for a writer that asked for a turn (a dead writer must not stall it). */
const APP_COURTESY_MS = 200;

export type TurnsBuffer = SharedArrayBuffer;

export function createTurnsBuffer(): TurnsBuffer {
  return new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
}

interface WaitAsyncResult {
  async: boolean;
  value: Promise<"ok" | "timed-out"> | "not-equal" | "timed-out";
}
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number, timeout?: number): WaitAsyncResult;
  }
).waitAsync;

async function whileEqual(cells: Int32Array, index: number, value: number, timeoutMs?: number): Promise<void> {
  const until = timeoutMs === undefined ? Infinity : performance.now() + timeoutMs;
  while (Atomics.load(cells, index) === value) {
    const left = until - performance.now();
    if (left <= 0) return;
    const result = waitAsync(cells, index, value, left === Infinity ? undefined : left);
    if (result.async) await result.value;
  }
}

/** The app's side: around each write statement or transaction (takeTurnsInStatements below). */
export class AppTurns {
  private readonly cells: Int32Array;

  constructor(buffer: TurnsBuffer) {
    this.cells = new Int32Array(buffer);
  }

  /** Before the app writes: returns once the writer is out of its piece. */
  async enter(): Promise<void> {
    const cells = this.cells;
    await whileEqual(cells, WRITER_ASKS, 1, APP_COURTESY_MS);
    Atomics.add(cells, APP_USERS, 1);
    await whileEqual(cells, WRITER_TURN, 1);
  }

  /** Once the app's write (or transaction) is over. */
  leave(): void {
    Atomics.sub(this.cells, APP_USERS, 1);
    Atomics.notify(this.cells, APP_USERS);
  }
}

/** The writer thread's side (it may block: it has no event loop to keep). */
export class WriterTurns {
  private readonly cells: Int32Array;

  constructor(buffer: TurnsBuffer) {
    this.cells = new Int32Array(buffer);
  }

  /** Blocks until the writer may write: no app write is running or waiting. */
  take(): void {
    const cells = this.cells;
    const asksAt = performance.now() + WRITER_PATIENCE_MS;
    for (;;) {
      let users = Atomics.load(cells, APP_USERS);
      while (users > 0) {
        if (performance.now() >= asksAt && Atomics.load(cells, WRITER_ASKS) === 0) Atomics.store(cells, WRITER_ASKS, 1);
        Atomics.wait(cells, APP_USERS, users, 5);
        users = Atomics.load(cells, APP_USERS);
      }
      Atomics.store(cells, WRITER_TURN, 1);
      if (Atomics.load(cells, APP_USERS) === 0) break;
      this.give();
    }
    Atomics.store(cells, WRITER_ASKS, 0);
    Atomics.notify(cells, WRITER_ASKS);
  }

  /** True when the app waits to write: the writer should end its piece now. */
  appWaiting(): boolean {
    return Atomics.load(this.cells, APP_USERS) > 0;
  }

  give(): void {
    Atomics.store(this.cells, WRITER_TURN, 0);
    Atomics.notify(this.cells, WRITER_TURN);
  }
}

/** Statements that only read (outside a transaction they need no turn: WAL gives them a snapshot). */
const READS = /^\s*(select|explain)\b|^\s*pragma\s+[\w.]+\s*(\(|;|$)/i;

interface StatementConnection {
  readonly inTransaction: boolean;
}
interface KnexQuery {
  sql: string;
}
type RunQuery = (this: unknown, connection: StatementConnection, query: KnexQuery) => Promise<unknown>;

/** The turns of each app connection that takes them, and whether it holds one now. */
const connectionTurns = new WeakMap<object, { turns: AppTurns; holding: boolean }>();

/** Makes an app connection take turns with writer threads before it writes (see above). */
export function takeTurnsOn(connection: object, buffer: TurnsBuffer): void {
  connectionTurns.set(connection, { turns: new AppTurns(buffer), holding: false });
}

const patched = new WeakSet<object>();

/**
 * Wraps knex's statement runner of a SQLite client class (transactions run on a copy of its prototype, so
 * the class, not the instance): on a connection that takes turns, a statement that writes, or a BEGIN,
 * first waits for the turn, and keeps it until the connection is out of any transaction. Reads outside a
 * transaction go straight through, so a writer thread is only interrupted by the app's writes.
 */
export function takeTurnsInStatements(clientPrototype: { _query: RunQuery }): void {
  if (patched.has(clientPrototype)) return;
  patched.add(clientPrototype);
  const run = clientPrototype._query;
  clientPrototype._query = async function (connection, query) {
    const state = connection ? connectionTurns.get(connection) : undefined;
    if (!state || (!state.holding && READS.test(query.sql))) return run.call(this, connection, query);
    if (!state.holding) {
      await state.turns.enter();
      state.holding = true;
    }
    try {
      return await run.call(this, connection, query);
    } finally {
      if (!connection.inTransaction) {
        state.holding = false;
        state.turns.leave();
      }
    }
  };
}
