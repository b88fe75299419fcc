import type { Knex } from "knex";

/** SQLite's default: a commit that leaves the WAL at this many pages or more copies it into the database. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

const pausedBy = new WeakMap<Knex, number>();

/**
 * Runs `work` with the app connection's automatic checkpoints off. While a writer thread fills the WAL, the
 * app's next commit would otherwise copy all of it into the database on the event loop (hundreds of ms for
 * an import's pieces); the writer thread checkpoints instead (writeGuestPieces.ts). Nested and concurrent
 * uses share one pause.
 */
export async function withoutAppCheckpoints<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  const users = pausedBy.get(db) ?? 0;
  pausedBy.set(db, users + 1);
  if (users === 0) await db.raw("pragma wal_autocheckpoint = 0");
  try {
    return await work();
  } finally {
    const left = (pausedBy.get(db) ?? 1) - 1;
    pausedBy.set(db, left);
    if (left === 0) await db.raw(`pragma wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  }
}
