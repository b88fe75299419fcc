import { setImmediate as nextTurn } from "node:timers/promises";
import { GuestImport } from "../../../models/GuestImport.ts";
import { guestRow, IMPORT_UPDATE_COLUMNS, type GuestSource } from "./guestRows.ts";
import { planImport } from "./importPlan.ts";
import { markImportDone, rowContext, type ImportRun } from "./importRun.ts";
import { reportLiveProgress } from "./progress.ts";
import { saveErrorReport } from "./storedFiles.ts";
import { insertGuestsSqlite } from "./writeGuestsSqlite.ts";

/** Guests per committed batch: about 10–20 ms of SQLite's work, so other requests wait no longer. */
export const IMPORT_BATCH_GUESTS = 500;

/**
 * SQLite: EXACT RESUME. The plan's guests are written in batches, each committed in its own short
 * transaction together with the import's place (writtenGuests) and running counts, and the event loop is
 * given back between batches: the only connection (SQLite has one writer) serves other requests in
 * between. A run killed midway leaves its committed batches and the import "processing" with a stale
 * heartbeat; the next run plans again from the same file (same guests in the same order: importPlan.ts)
 * and writes from writtenGuests on, so no row is written twice or missed. A batch is only written by the
 * run that finds writtenGuests where it left it (two runs never write the same batch).
 */
export async function writeInBatches(run: ImportRun): Promise<number> {
  const { worker, guestImport } = run;
  const { db, clock } = worker;
  const importId = guestImport.id;
  const plan = await planImport(db, { eventId: guestImport.eventId, importId }, run.checked);
  const errorReportKey = await saveErrorReport(worker, guestImport, plan);
  const context = rowContext(run, clock.now().toISOString());
  const build = (source: GuestSource) => guestRow(source.base, source.row, context);
  const done = plan.failedRows + plan.foldedRows;
  const resumed = guestImport.writtenGuests > 0;
  let from = guestImport.writtenGuests;
  let created = resumed ? guestImport.createdRows : 0;
  let updated = resumed ? guestImport.updatedRows : 0;

  while (from < plan.sources.length) {
    const batch = plan.sources.slice(from, from + IMPORT_BATCH_GUESTS);
    const batchCreated = batch.filter((source) => !source.base).length;
    const written = from + batch.length;
    const claimed = await db.transaction(async (trx) => {
      const moved = await GuestImport.query(trx)
        .findById(importId)
        .where({ status: "processing", writtenGuests: from })
        .patch({
          writtenGuests: written,
          createdRows: created + batchCreated,
          updatedRows: updated + batch.length - batchCreated,
          processedRows: done + written,
          heartbeatAt: clock.now(),
        });
      if (moved) await insertGuestsSqlite(trx, batch, build, IMPORT_UPDATE_COLUMNS);
      return moved > 0;
    });
    if (!claimed) return from - guestImport.writtenGuests; // another run has it
    created += batchCreated;
    updated += batch.length - batchCreated;
    from = written;
    reportLiveProgress(importId, done + written);
    run.onProgress?.(done + written);
    await nextTurn();
  }
  const finished = await db.transaction(async (trx) => {
    const current = await GuestImport.query(trx).findById(importId);
    if (current?.status !== "processing" || current.writtenGuests !== plan.sources.length) return false;
    await markImportDone(trx, run, plan, { created, updated }, errorReportKey);
    return true;
  });
  return finished ? plan.sources.length - guestImport.writtenGuests : 0;
}
