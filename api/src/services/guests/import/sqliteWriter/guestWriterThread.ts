/**
 * The writer thread of SQLite imports (started by guestWriter.ts): its own connection to the app's
 * database file writes the batches it is sent, in pieces that take turns with the app's connection.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { WriterTurns, type TurnsBuffer } from "../../../../db/sqliteTurns.ts";
import { writeGuestPieces, type GuestBatchToWrite } from "./writeGuestPieces.ts";

const { file, turns } = workerData as { file: string; turns: TurnsBuffer };
const connection = new Database(file);
connection.pragma("journal_mode = WAL");
connection.pragma("foreign_keys = ON");
// A piece's commit does not wait for the disk (WAL with NORMAL: a crash loses no committed page order, and a
// power cut at most the last pieces, together with the import's place, from which the next run resumes);
// the WAL is copied into the database after each batch, outside the turn (writeGuestPieces.ts).
connection.pragma("synchronous = NORMAL");
connection.pragma("wal_autocheckpoint = 0");
// 8 MB of page cache (SQLite's default is 2 MB): a piece's index pages stay cached from one piece to the
// next (more made it slower: bench guests-import).
connection.pragma("cache_size = -8192");
// Only other writer threads can hold the lock without taking turns: wait for them here, off the event loop.
connection.pragma("busy_timeout = 30000");
const writerTurns = new WriterTurns(turns);

parentPort!.on("message", ({ id, batch }: { id: number; batch: GuestBatchToWrite }) => {
  try {
    parentPort!.postMessage({ id, written: writeGuestPieces(connection, writerTurns, batch) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
