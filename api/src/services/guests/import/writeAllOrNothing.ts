import { GuestImport } from "../../../models/GuestImport.ts";
import { guestRow, IMPORT_UPDATE_COLUMNS, type GuestSource } from "./guestRows.ts";
import { planImport } from "./importPlan.ts";
import { markImportDone, rowContext, type ImportRun } from "./importRun.ts";
import { reportLiveProgress } from "./progress.ts";
import { saveErrorReport } from "./storedFiles.ts";
import { copyGuests } from "./writeGuestsPostgres.ts";

/**
 * PostgreSQL: every guest of the import in ONE transaction (COPY), with the import's final counts. A
 * process killed midway leaves no guest of it (the transaction never commits) and the import "processing"
 * with a stale heartbeat, so the job's retry (or the organizer's "process" again) runs it from scratch.
 * Other requests read and write the table meanwhile (MVCC); the progress is written outside the
 * transaction so that they see it.
 */
export async function writeAllOrNothing(run: ImportRun): Promise<number> {
  const { worker, guestImport } = run;
  const { db, clock } = worker;
  const importId = guestImport.id;
  const reportProgress = async (processed: number) => {
    reportLiveProgress(importId, processed);
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
    const plan = await planImport(trx, { eventId: guestImport.eventId, importId }, run.checked);
    const errorReportKey = await saveErrorReport(worker, guestImport, plan);
    const context = rowContext(run, clock.now().toISOString());
    const build = (source: GuestSource) => guestRow(source.base, source.row, context);
    const created = plan.sources.filter((source) => !source.base);
    const changed = plan.sources.filter((source) => source.base);
    const done = plan.failedRows + plan.foldedRows;
    await copyGuests(trx, { created, changed, build }, IMPORT_UPDATE_COLUMNS, (count) =>
      reportProgress(done + Math.floor(count)),
    );
    const written = { created: created.length, updated: changed.length };
    await markImportDone(trx, run, plan, written, errorReportKey);
    return plan.sources.length;
  });
}
