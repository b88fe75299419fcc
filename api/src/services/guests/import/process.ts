/**
 * WHERE THE GUEST IMPORT IS PROCESSED (spec §3 CSV import).
 *
 * An import goes through three steps, each the service of one operation of
 * shared/src/contracts/guestImports.ts:
 *   1. upload.ts      stores the file as it streams in (receiveUpload.ts: a text file as it came,
 *                     receiveText.ts; an .xlsx as the CSV of its first sheet, receiveWorkbook.ts), told
 *                     from its first bytes (uploadHead.ts, fileContent.ts), its rows counted on the way
 *                     and refused past the limit; previews it (importStart.ts) and suggests a mapping;
 *   2. setMapping.ts  checks every row against the chosen mapping and keeps the error report;
 *   3. this file      `queueGuestImport` sends the `guests.import` job; the job (job.ts, registered in
 *                     wiring.ts) runs `processGuestImport`: on PostgreSQL every guest in ONE transaction
 *                     (writeAllOrNothing.ts), on SQLite in batches a new run resumes, written by the
 *                     database's writer thread (sqliteWriter/: writeInBatches.ts hands them over,
 *                     guestWriter.ts starts the thread, writeGuestPieces.ts writes; ../../../db/sqliteTurns.ts
 *                     is how the thread and the app's connection take turns).
 * Beside them: findImport.ts (status and progress, who may see an import), cancel.ts, errorReport.ts
 * (errors.csv), interrupted.ts (imports whose worker died). Every reading of a stored file is a stream
 * (importFileRows.ts: textChunks.ts decodes, csvStream.ts and csvReader.ts parse), so memory does not grow
 * with the file; long loops give the event loop a turn (../../eventLoopBreaks.ts). columnMapping.ts maps
 * columns to fields; validateRow.ts and checkRows.ts hold the row rules; importPlan.ts decides what a run
 * writes and plannedGuests.ts / guestBatches.ts hand its guests over; guestRows.ts builds the guest rows;
 * matchWithoutEmail.ts finds the guest a row without an email stands for; writeGuestsPostgres.ts and
 * sqliteWriter/ write them; storedFiles.ts keeps the file and the report in the file storage; bloomFilter.ts
 * lets the plan find repeated emails in a fixed size.
 */
import { AppError } from "../../../errors.ts";
import { isPostgres } from "../../../db/dialect.ts";
import { sqlTime } from "../../../models/BaseModel.ts";
import { GuestImport } from "../../../models/GuestImport.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import { systemClock, type Scope } from "../../scope.ts";
import { listCustomFields } from "../customFields.ts";
import { importOfEvent, importView, type GuestImportView } from "./findImport.ts";
import type { ImportRun, ImportWorker } from "./importRun.ts";
import { openImportRows } from "./importFileRows.ts";
import { writeAllOrNothing } from "./writeAllOrNothing.ts";
import { writeInBatches } from "./sqliteWriter/writeInBatches.ts";

export const GUEST_IMPORT_JOB = "guests.import";
/** A processing import whose heartbeat is older than this is taken to be dead and may be started again. */
export const IMPORT_STALE_MS = 60_000;

/** The heartbeat time before which a processing import is dead (as SQL compares it). */
export function deadBefore(now: Date): string {
  return sqlTime(new Date(now.getTime() - IMPORT_STALE_MS));
}

/**
 * Step 3 (events.update): queues the processing. A mapped import starts; a failed one or one left
 * "processing" by a dead worker (heartbeat older than IMPORT_STALE_MS) may be started again: on
 * PostgreSQL it runs from scratch (nothing of it was written), on SQLite it resumes after its last
 * committed batch.
 */
export async function queueGuestImport(scope: Scope, key: EventKey, id: string): Promise<GuestImportView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const now = scope.clock.now();
  const stale = deadBefore(now);
  const changed = await scope.db.transaction(async (trx) => {
    // One account's imports start one at a time, so two cannot both slip under its limit.
    if (isPostgres(trx)) await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [`imports:${event.accountId}`]);
    const running = await GuestImport.query(trx)
      .where({ accountId: event.accountId, status: "processing" })
      .where("heartbeatAt", ">=", stale)
      .whereNot({ id })
      .resultSize();
    const { maxRunning } = scope.deps.config.guestImport;
    if (running >= maxRunning) throw new AppError("import_too_many_running", 429, { params: { max: maxRunning } });
    return GuestImport.query(trx)
      .where({ id, eventId: event.id })
      .where((query) =>
        query
          .whereIn("status", ["mapped", "failed"])
          .orWhere((dead) => dead.where({ status: "processing" }).where("heartbeatAt", "<", stale)),
      )
      .patch({ status: "processing", processedRows: 0, heartbeatAt: now, startedAt: now, finishedAt: null });
  });
  const guestImport = await importOfEvent(scope, event, id);
  if (!changed) throw new AppError("import_not_ready", 409);
  await scope.deps.jobs.send(GUEST_IMPORT_JOB, { importId: id }, { retryLimit: 3 });
  return importView(guestImport);
}

export type { ImportWorker };

/**
 * Step 3, the job. The file is read as a stream (only a piece of it held, breaks for the event loop
 * between slices of work, longer while other requests are answered) to write the guests (plannedGuests.ts)
 * in batches, as the plan says (importPlan.ts: facts about repeated emails and rows without one). The plan
 * comes from the mapping step, which checked every row against the same fields; when a field changed since,
 * or rows without an email must be matched to the guests as they are now, the file is read once more
 * first. PostgreSQL writes them ALL OR NOTHING in one transaction
 * (writeAllOrNothing.ts: MVCC lets everyone else read and write meanwhile); SQLite in short pieces, on a
 * thread of its own, that a new run resumes EXACTLY after the last committed one
 * (sqliteWriter/writeInBatches.ts: one long transaction would hold the only writer, and every request, for
 * the whole import). Rows that fail the rules are skipped and reported; the others land, without their bad
 * optional cells (reported as warnings).
 * Returns how many guests this run wrote (created or updated; 0 when it did not run).
 */
export async function processGuestImport(
  worker: ImportWorker,
  importId: string,
  options: { onProgress?(processed: number): void } = {},
): Promise<number> {
  const { db } = worker;
  const clock = worker.clock ?? systemClock;
  const guestImport = await GuestImport.query(db).findById(importId);
  if (!guestImport || guestImport.status !== "processing") return 0;
  const run: ImportRun = {
    worker: { ...worker, clock },
    guestImport,
    fields: await listCustomFields(db, guestImport.eventId),
    openFile: () => openImportRows(worker.storage, guestImport),
    onProgress: options.onProgress,
  };
  return isPostgres(db) ? writeAllOrNothing(run) : writeInBatches(run);
}
