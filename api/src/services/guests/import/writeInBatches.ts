import { setImmediate as nextTurn } from "node:timers/promises";
import { GuestImport } from "../../../models/GuestImport.ts";
import { guestBatches } from "./guestBatches.ts";
import { guestRow, IMPORT_UPDATE_COLUMNS, type GuestSource } from "./guestRows.ts";
import { markImportDone, planRun, rowContext, type ImportRun } from "./importRun.ts";
import { plannedGuests } from "./plannedGuests.ts";
import { reportLiveProgress } from "./progress.ts";
import { saveErrorReport } from "./storedFiles.ts";
import { insertGuestsSqlite } from "./writeGuestsSqlite.ts";

/** Guests per committed batch: some 20 ms of SQLite's work (its commit included), so other requests wait no longer. */
export const IMPORT_BATCH_GUESTS = 1_000;

/**
 * SQLite: EXACT RESUME. The plan's guests are written in batches, each committed in its own short
 * transaction together with the import's place (writtenGuests) and running counts, and the event loop is
 * given back between batches: the only connection (SQLite has one writer) serves other requests in
 * between. A run killed midway leaves its committed batches and the import "processing" with a stale
 * heartbeat; the next run plans again from the same file (the same guests in the same order:
 * plannedGuests.ts) and writes from writtenGuests on, so no row is written twice or missed. A batch is only
 * written by the run that finds writtenGuests where it left it (two runs never write the same batch).
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
    const batchCreated = sources.filter((source) => !source.base).length;
    const written = from + sources.length;
    const claimed = await db.transaction(async (trx) => {
      const moved = await GuestImport.query(trx)
        .findById(importId)
        .where({ status: "processing", writtenGuests: from })
        .patch({
          writtenGuests: written,
          createdRows: created + batchCreated,
          updatedRows: updated + sources.length - batchCreated,
          processedRows: rowsRead,
          heartbeatAt: clock.now(),
        });
      if (moved) await insertGuestsSqlite(trx, sources, build, IMPORT_UPDATE_COLUMNS);
      return moved > 0;
    });
    if (!claimed) return from - resumedAt; // another run has it
    created += batchCreated;
    updated += sources.length - batchCreated;
    from = written;
    reportLiveProgress(importId, rowsRead);
    run.onProgress?.(rowsRead);
    await nextTurn();
  }
  const finished = await db.transaction(async (trx) => {
    const current = await GuestImport.query(trx).findById(importId);
    if (current?.status !== "processing" || current.writtenGuests !== plan.guests) return false;
    await markImportDone(trx, run, plan, { created, updated }, errorReportKey);
    return true;
  });
  return finished ? plan.guests - resumedAt : 0;
}
