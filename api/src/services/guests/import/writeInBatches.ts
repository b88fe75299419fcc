import type BetterSqlite3 from "better-sqlite3";
import type { Knex } from "../../../db/knex.ts";
import { sqlTime } from "../../../models/BaseModel.ts";
import { GuestImport } from "../../../models/GuestImport.ts";
import { giveWay } from "../../eventLoopBreaks.ts";
import { guestBatches } from "./guestBatches.ts";
import { guestRow, IMPORT_UPDATE_COLUMNS, type GuestSource } from "./guestRows.ts";
import { markImportDone, planRun, rowContext, type ImportRun } from "./importRun.ts";
import { plannedGuests } from "./plannedGuests.ts";
import { saveErrorReport } from "./storedFiles.ts";
import { insertGuestsSqlite, preparedOn } from "./writeGuestsSqlite.ts";

/** Guests read per batch (their existing guests found in one query). */
export const IMPORT_BATCH_GUESTS = 1_000;
/**
 * How long a piece's inserts may run. Its commit, which writes every page the piece dirtied (rows and ten
 * indexes) to the WAL on the event loop, costs about as much again and grows with the table: 10 ms of
 * inserts made pieces of 25–35 ms, and another client waited over 100 ms (bench: guests-import).
 */
const COMMIT_MS = 4;
/**
 * The import's place and counts after a piece, in the piece's transaction, only where the last piece left
 * it (a raw statement prepared once: a piece is short, and the query builder would cost a good part of it).
 */
const CLAIM_PIECE =
  "update guest_imports set written_guests = @written, created_rows = @created, updated_rows = @updated, " +
  "processed_rows = coalesce(@processed, processed_rows), heartbeat_at = @now " +
  "where id = @id and status = 'processing' and written_guests = @from";

class PieceTaken extends Error {}

/** The longest the import waits for others between two pieces. */
const MOST_PATIENCE_MS = 100;

/**
 * The import is the least urgent user of SQLite's only connection: between two pieces it lets the
 * requests that wait for the connection, or use it, go first (a request makes several queries, each of
 * which would otherwise queue behind a whole piece), up to MOST_PATIENCE_MS so it is never starved.
 */
async function letOthersFirst(db: Knex): Promise<void> {
  const pool = db.client.pool as { numPendingAcquires(): number; numUsed(): number } | undefined;
  const until = performance.now() + MOST_PATIENCE_MS;
  do await giveWay();
  while (pool && (pool.numPendingAcquires() > 0 || pool.numUsed() > 0) && performance.now() < until);
}

/**
 * SQLite: EXACT RESUME. The plan's guests are written in pieces of about COMMIT_MS, each committed in its
 * own short transaction together with the import's place (writtenGuests) and running counts, and the
 * event loop is given back between them: the only connection (SQLite has one writer) serves other
 * requests in between. A run killed midway leaves its committed batches and the import "processing" with a stale
 * heartbeat; the next run plans again from the same file (the same guests in the same order:
 * plannedGuests.ts) and writes from writtenGuests on, so no row is written twice or missed. A piece is only
 * written by the run that finds writtenGuests where it left it (two runs never write the same guests).
 */
export async function writeInBatches(run: ImportRun): Promise<number> {
  const { worker, guestImport } = run;
  const { db, clock } = worker;
  const importId = guestImport.id;
  const plan = await planRun(db, run);
  if (!plan) return 0;
  const errorReportKey = await saveErrorReport(worker, guestImport, plan);
  const context = rowContext(run, clock.now().toISOString());
  const build = (source: GuestSource) => guestRow(source.base, source.row, context);
  const resumedAt = guestImport.writtenGuests;
  let from = resumedAt;
  let created = resumedAt > 0 ? guestImport.createdRows : 0;
  let updated = resumedAt > 0 ? guestImport.updatedRows : 0;

  const guests = plannedGuests(await run.openFile(), plan, guestImport.mapping ?? {}, run.fields);
  const batches = guestBatches(db, guestImport.eventId, guests, { size: IMPORT_BATCH_GUESTS, skip: resumedAt });
  for await (const { sources, rowsRead } of batches) {
    // A batch is committed in pieces of about COMMIT_MS each, with a pause for other requests between.
    for (let offset = 0; offset < sources.length;) {
      const deadline = performance.now() + COMMIT_MS;
      const piece = await db
        .transaction(async (trx) => {
          const count = await insertGuestsSqlite(trx, sources.slice(offset), build, IMPORT_UPDATE_COLUMNS, deadline);
          const pieceCreated = sources.slice(offset, offset + count).filter((source) => !source.base).length;
          const connection = (await trx.client.acquireConnection()) as BetterSqlite3.Database;
          const claimed = preparedOn(connection, CLAIM_PIECE).run({
            id: importId,
            from,
            written: from + count,
            created: created + pieceCreated,
            updated: updated + count - pieceCreated,
            processed: offset + count === sources.length ? rowsRead : null,
            now: sqlTime(clock.now()),
          });
          // Another run moved the import on meanwhile: this piece is not written (the transaction rolls back).
          if (claimed.changes === 0) throw new PieceTaken();
          return { count, created: pieceCreated };
        })
        .catch((error: unknown) => {
          if (error instanceof PieceTaken) return null;
          throw error;
        });
      if (!piece) return from - resumedAt;
      created += piece.created;
      updated += piece.count - piece.created;
      from += piece.count;
      offset += piece.count;
      await letOthersFirst(db);
    }
    run.onProgress?.(rowsRead);
  }
  const finished = await db.transaction(async (trx) => {
    const current = await GuestImport.query(trx).findById(importId);
    if (current?.status !== "processing" || current.writtenGuests !== plan.guests) return false;
    await markImportDone(trx, run, plan, { created, updated }, errorReportKey);
    return true;
  });
  return finished ? plan.guests - resumedAt : 0;
}
