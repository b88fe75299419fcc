import { EventLoopBreaks } from "../../../eventLoopBreaks.ts";
import { withoutAppCheckpoints } from "../../../../db/sqliteCheckpoints.ts";
import { sqlTime } from "../../../../models/BaseModel.ts";
import { GuestImport } from "../../../../models/GuestImport.ts";
import { guestBatches, type GuestBatch } from "../guestBatches.ts";
import { guestRow, IMPORT_UPDATE_COLUMNS } from "../guestRows.ts";
import { markImportDone, planRun, rowContext, type ImportRun } from "../importRun.ts";
import { plannedGuests } from "../plannedGuests.ts";
import { guestWriterOf } from "./guestWriter.ts";
import { bindable } from "./preparedStatements.ts";
import type { BatchWritten, GuestBatchToWrite } from "./writeGuestPieces.ts";

/** Guests read per batch (their existing guests found in one query) and handed to the writer thread. */
export const IMPORT_BATCH_GUESTS = 2_000;
/** Batches handed to the thread ahead of its writing: the next is ready when it finishes one. */
const BATCHES_AHEAD = 2;

/**
 * SQLite: EXACT RESUME, written by a thread of its own. The job reads and checks the file on the event loop
 * (giving it back between slices) and hands the guests in batches to the database's writer thread
 * (guestWriter.ts), which writes them in pieces of up to PIECE_MS on its own connection, each committed with
 * the import's place (writtenGuests) and running counts, taking turns with the app's connection
 * (db/sqliteTurns.ts): SQLite's single writer is never held while a request waits, and the event loop
 * never waits for SQLite's work. The next batch is read while the thread writes one.
 * A run killed midway leaves its committed pieces and the import "processing" with a stale heartbeat; the next
 * run plans again from the same file (the same guests in the same order: plannedGuests.ts) and writes from
 * writtenGuests on, so no row is written twice or missed. A piece is only written by the run that finds
 * writtenGuests where it left it (two runs never write the same guests).
 */
export async function writeInBatches(run: ImportRun): Promise<number> {
  const { worker, guestImport } = run;
  const { db, clock } = worker;
  const importId = guestImport.id;
  const writer = guestWriterOf(db);
  if (!writer) throw new Error("a SQLite import needs the database in a file");
  const planned = await planRun(db, run);
  if (!planned) return 0;
  const { plan, errorReportKey } = planned;
  const context = rowContext(run, clock.now().toISOString());
  const resumedAt = guestImport.writtenGuests;
  const counts = {
    from: resumedAt,
    created: resumedAt > 0 ? guestImport.createdRows : 0,
    updated: resumedAt > 0 ? guestImport.updatedRows : 0,
  };

  const breaks = new EventLoopBreaks();
  const toWrite = async (batch: GuestBatch): Promise<GuestBatchToWrite> => {
    const rows: unknown[][] = [];
    let columns: string[] = [];
    for (const source of batch.sources) {
      if (breaks.due) await breaks.take();
      const row: Record<string, unknown> = guestRow(source.base, source.row, context);
      // Every guest row has the same columns: the guest's and the derived ones (prepare.ts).
      if (!columns.length) columns = Object.keys(row);
      rows.push(columns.map((column) => bindable(row[column])));
    }
    const createdFlags = Uint8Array.from(batch.sources, (source) => (source.base ? 0 : 1));
    const created = createdFlags.reduce((sum, flag) => sum + flag, 0);
    const written: GuestBatchToWrite = {
      importId,
      columns,
      updateColumns: IMPORT_UPDATE_COLUMNS,
      rows,
      createdFlags,
      ...counts,
      rowsRead: batch.rowsRead,
      now: sqlTime(clock.now()),
    };
    counts.from += rows.length;
    counts.created += created;
    counts.updated += rows.length - created;
    return written;
  };
  /** Batches handed to the thread and not yet written, oldest first, with the rows of the file each completes. */
  const handedOver: Array<{ written: Promise<BatchWritten>; rowsRead: number }> = [];
  let writtenByRun = 0;
  /** Waits for the oldest batch; false when another run had moved the import on (this one then stops). */
  const settleOldest = async (): Promise<boolean> => {
    const oldest = handedOver.shift()!;
    const { written, taken } = await oldest.written;
    writtenByRun += written;
    if (!taken) run.onProgress?.(oldest.rowsRead);
    return !taken;
  };

  const guests = plannedGuests(await run.openFile(), plan, guestImport.mapping ?? {}, run.fields);
  const batches = guestBatches(db, guestImport.eventId, guests, { size: IMPORT_BATCH_GUESTS, skip: resumedAt });
  const writeAll = async (): Promise<boolean> => {
    try {
      for await (const batch of batches) {
        const next = await toWrite(batch);
        while (handedOver.length >= BATCHES_AHEAD) if (!(await settleOldest())) return false;
        handedOver.push({ written: writer.write(next), rowsRead: batch.rowsRead });
      }
      while (handedOver.length) if (!(await settleOldest())) return false;
      return true;
    } finally {
      // A run that stops early (it threw) waits for the thread's batches, so that none is written after it ends.
      await Promise.allSettled(handedOver.map((batch) => batch.written));
    }
  };
  const markDone = () =>
    db.transaction(async (trx) => {
      const current = await GuestImport.query(trx).findById(importId);
      if (current?.status !== "processing" || current.writtenGuests !== counts.from) return false;
      await markImportDone(trx, run, plan, { created: counts.created, updated: counts.updated }, errorReportKey);
      return true;
    });
  // The app's own checkpoints stay off until the thread has copied the whole WAL into the database: the app's
  // first commit after would otherwise copy what is left on the event loop.
  return withoutAppCheckpoints(db, async () => {
    try {
      if (!(await writeAll())) return writtenByRun;
      return (await markDone()) ? writtenByRun : 0;
    } finally {
      // Never in the way of the run's own outcome (a thread that died already failed it).
      await writer.checkpoint("complete").catch(() => undefined);
    }
  });
}
