/**
 * The writer thread of SQLite imports (started by guestWriter.ts): its own connection to the app's
 * database file writes the batches it is sent, in pieces that take turns with the app's connection.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { registerSortKey } from "../../../../db/sortKey.ts";
import { WriterTurns, type TurnsBuffer } from "../../../../db/sqliteTurns.ts";
import { checkpoint, writeGuestPieces, type CheckpointMode, type GuestBatchToWrite } from "./writeGuestPieces.ts";

const { file, turns } = workerData as { file: string; turns: TurnsBuffer };

// Not run at a lower priority: a writer holds SQLite's write lock for its piece, and the app's writes wait
// for it; niced, it was descheduled while holding it when the CPUs were short (a priority inversion: other
// clients' worst 44-80 ms and writes' 51-100 ms during a 100k import, against 28-35 and 33-52 ms without).
const connection = new Database(file);
// The guests' sort indexes call it.
registerSortKey(connection);
connection.pragma("journal_mode = WAL");
connection.pragma("foreign_keys = ON");
// A piece's commit does not wait for the disk (WAL with NORMAL: a crash loses no committed page order, and a
// power cut at most the last pieces, together with the import's place, from which the next run resumes);
// the WAL is copied into the database after each batch, outside the turn (writeGuestPieces.ts).
connection.pragma("synchronous = NORMAL");
connection.pragma("wal_autocheckpoint = 0");
// The WAL an import grew is cut back to 64 MB when it starts over (its pages are in the database by then).
connection.pragma("journal_size_limit = 67108864");
// 8 MB of page cache (SQLite's default is 2 MB): a piece's index pages stay cached from one piece to the
// next (more made it slower: bench guests-import).
connection.pragma("cache_size = -8192");
// Only other writer threads can hold the lock without taking turns: wait for them here, off the event loop.
connection.pragma("busy_timeout = 30000");
const writerTurns = new WriterTurns(turns);

type Request = { id: number; batch: GuestBatchToWrite } | { id: number; checkpoint: CheckpointMode };

parentPort!.on("message", (request: Request) => {
  try {
    if ("checkpoint" in request) {
      checkpoint(connection, request.checkpoint);
      parentPort!.postMessage({ id: request.id, written: { written: 0, taken: false } });
    } else {
      parentPort!.postMessage({ id: request.id, written: writeGuestPieces(connection, writerTurns, request.batch) });
    }
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
