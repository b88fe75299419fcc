import type BetterSqlite3 from "better-sqlite3";
import type { WriterTurns } from "../../../../db/sqliteTurns.ts";
import { preparedOn, upsertGuestSql } from "./preparedStatements.ts";

/** A batch of an import's guests, as the job hands it to the writer thread. */
export interface GuestBatchToWrite {
  importId: string;
  /** The guest columns (camelCase), then each guest's values in that order, ready to bind. */
  columns: string[];
  updateColumns: string[];
  rows: unknown[][];
  /** 1 where the guest is new (created), 0 where it updates an existing one. */
  createdFlags: Uint8Array;
  /** The import's place and counts before this batch (as the import's row holds them). */
  from: number;
  created: number;
  updated: number;
  /** Rows of the file read once this batch was complete (the import's progress after it). */
  rowsRead: number;
  /** The time to write as the import's heartbeat (SQL format). */
  now: string;
}

/** How many of the batch this call wrote, and whether another run had moved the import on. */
export interface BatchWritten {
  written: number;
  taken: boolean;
}

/**
 * How long a piece writes before it commits. On its own thread a piece holds up no request: only the app's
 * writes wait for it, and it ends as soon as an app write waits (sqliteTurns.ts).
 * Longer pieces rewrite the same index pages less often (each commit writes every dirtied page).
 */
const PIECE_MS = 40;
/**
 * Pieces between two checkpoints (copies of the WAL into the database, on this thread, outside the turn:
 * a passive checkpoint takes no lock the app waits for). The WAL grows meanwhile; copying it less often
 * copies a page written by several pieces once.
 */
const PIECES_PER_CHECKPOINT = 8;
let piecesSinceCheckpoint = 0;
/** Rows a piece writes before it may end early for the app: the import moves on under any load. */
const FEWEST_ROWS = 32;

/**
 * The import's place and counts after a piece, in the piece's transaction, only where the last piece left
 * it: two runs never write the same guests, and a run resumes exactly after the last committed piece.
 */
const CLAIM_PIECE =
  "update guest_imports set written_guests = @written, created_rows = @created, updated_rows = @updated, " +
  "processed_rows = coalesce(@processed, processed_rows), heartbeat_at = @now " +
  "where id = @id and status = 'processing' and written_guests = @from";

export type CheckpointMode = "passive" | "complete";
/** A cell nothing changes: waiting on it is a sleep of this thread. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * Copies the WAL into the database, beside the app (a passive checkpoint takes no lock the app waits for;
 * pages an app reader still reads from the WAL stay there). "complete", at an import's end, tries again
 * until every page is copied (or a few times), so that the app's next write starts the WAL over instead of
 * copying the rest on the event loop.
 */
export function checkpoint(connection: BetterSqlite3.Database, mode: CheckpointMode = "passive"): void {
  piecesSinceCheckpoint = 0;
  for (let attempt = 0; attempt < (mode === "complete" ? 20 : 1); attempt++) {
    const [result] = connection.pragma("wal_checkpoint(PASSIVE)") as Array<{ log: number; checkpointed: number }>;
    if (!result || result.checkpointed >= result.log) return;
    Atomics.wait(PAUSE, 0, 0, 5);
  }
}

/**
 * Writes a batch in pieces, each its own BEGIN IMMEDIATE … COMMIT with the claim of the import's place,
 * taking turns with the app's connection. Returns early (taken) when the import is no longer where this run
 * left it.
 */
export function writeGuestPieces(
  connection: BetterSqlite3.Database,
  turns: WriterTurns,
  batch: GuestBatchToWrite,
): BatchWritten {
  const insert = preparedOn(connection, upsertGuestSql(batch.columns, batch.updateColumns));
  const claim = preparedOn(connection, CLAIM_PIECE);
  const { rows, createdFlags } = batch;
  let offset = 0;
  let created = batch.created;
  let updated = batch.updated;
  while (offset < rows.length) {
    turns.take();
    try {
      connection.exec("begin immediate");
      const deadline = performance.now() + PIECE_MS;
      let count = 0;
      let pieceCreated = 0;
      do {
        insert.run(rows[offset + count]!);
        pieceCreated += createdFlags[offset + count]!;
        count += 1;
      } while (
        offset + count < rows.length &&
        (count < FEWEST_ROWS || (!turns.appWaiting() && performance.now() < deadline))
      );
      const claimed = claim.run({
        id: batch.importId,
        from: batch.from + offset,
        written: batch.from + offset + count,
        created: created + pieceCreated,
        updated: updated + count - pieceCreated,
        processed: offset + count === rows.length ? batch.rowsRead : null,
        now: batch.now,
      });
      if (claimed.changes === 0) {
        connection.exec("rollback");
        return { written: offset, taken: true };
      }
      connection.exec("commit");
      created += pieceCreated;
      updated += count - pieceCreated;
      offset += count;
    } catch (error) {
      if (connection.inTransaction) connection.exec("rollback");
      throw error;
    } finally {
      turns.give();
    }
    if (++piecesSinceCheckpoint >= PIECES_PER_CHECKPOINT) checkpoint(connection);
  }
  return { written: offset, taken: false };
}
