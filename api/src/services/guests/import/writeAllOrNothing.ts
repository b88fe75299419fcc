import { GuestImport } from "../../../models/GuestImport.ts";
import { readAhead } from "../../readAhead.ts";
import { guestBatches } from "./guestBatches.ts";
import { guestRow, IMPORT_UPDATE_COLUMNS, type GuestSource } from "./guestRows.ts";
import { markImportDone, planRun, rowContext, type ImportRun } from "./importRun.ts";
import { plannedGuests } from "./plannedGuests.ts";
import { applyGuestUpdates, copyGuestBatch } from "./writeGuestsPostgres.ts";

/** Guests per COPY: the existing guests of a batch's emails are found in one query. */
const BATCH_GUESTS = 5_000;

/**
 * PostgreSQL: every guest of the import in ONE transaction (COPY per batch), with the import's final
 * counts. A process killed midway leaves no guest of it (the transaction never commits) and the import
 * "processing" with a stale heartbeat, so the job's retry (or the organizer's "process" again) runs it from
 * scratch. Other requests read and write the table meanwhile (MVCC); the progress is written outside the
 * transaction so that they see it.
 */
export async function writeAllOrNothing(run: ImportRun): Promise<number> {
  const { worker, guestImport } = run;
  const { db, clock } = worker;
  const importId = guestImport.id;
  const reportProgress = async (processed: number) => {
    run.onProgress?.(processed);
    await db("guestImports")
      .where({ id: importId })
      .update({ processedRows: processed, heartbeatAt: clock.now().toISOString() });
  };
  return db.transaction(async (trx) => {
    // One run at a time per import. Not a row lock: progress is written to that row from outside.
    await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [importId]);
    const current = await GuestImport.query(trx).findById(importId);
    if (!current || current.status !== "processing") return 0; // another run finished it meanwhile
    const planned = await planRun(trx, run);
    if (!planned) return 0;
    const { plan, errorReportKey } = planned;
    const context = rowContext(run, clock.now().toISOString());
    const build = (source: GuestSource) => guestRow(source.base, source.row, context);
    const guests = plannedGuests(await run.openFile(), plan, guestImport.mapping ?? {}, run.fields);
    const written = { created: 0, updated: 0 };
    // The next batch is read and checked while PostgreSQL writes this one (one core each).
    const batches = readAhead(guestBatches(trx, guestImport.eventId, guests, { size: BATCH_GUESTS }));
    for await (const batch of batches) {
      const created = batch.sources.filter((source) => !source.base);
      const changed = batch.sources.filter((source) => source.base);
      await copyGuestBatch(trx, { created, changed, build }, IMPORT_UPDATE_COLUMNS);
      written.created += created.length;
      written.updated += changed.length;
      await reportProgress(batch.rowsRead);
    }
    await applyGuestUpdates(trx, IMPORT_UPDATE_COLUMNS);
    await markImportDone(trx, run, plan, written, errorReportKey);
    return written.created + written.updated;
  });
}
