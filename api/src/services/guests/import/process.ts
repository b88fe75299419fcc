/**
 * WHERE THE GUEST IMPORT IS PROCESSED (spec §3 CSV import).
 *
 * An import goes through three steps, each the service of one operation of
 * shared/src/contracts/guestImports.ts:
 *   1. upload.ts      stores the file (an .xlsx as the CSV of its first sheet), detects its encoding and
 *                     separator, previews it and suggests a mapping;
 *   2. setMapping.ts  checks every row against the chosen mapping and keeps the error report;
 *   3. this file      `queueGuestImport` sends the `guests.import` job; the job (job.ts, registered in
 *                     wiring.ts) runs `processGuestImport`, which writes every guest in ONE transaction.
 * Beside them: findImport.ts (status and progress, who may see an import), cancel.ts, errorReport.ts
 * (errors.csv). What the steps are made of: fileContent.ts tells a workbook or text from anything else
 * (refused); parseFile.ts, utf16.ts, csvReader.ts and xlsxToCsv.ts read the file;
 * columnMapping.ts maps columns to fields; validateRow.ts and checkRows.ts hold the row rules;
 * guestRows.ts builds the guest rows; matchWithoutEmail.ts finds the guest a row without an email stands for; writeGuestsPostgres.ts and writeGuestsSqlite.ts write them in bulk;
 * storedFiles.ts keeps the file and the report in the file storage; progress.ts the live progress.
 */
import type { Logger } from "pino";
import { AppError } from "../../../errors.ts";
import { isPostgres } from "../../../db/dialect.ts";
import { sqlTime } from "../../../models/BaseModel.ts";
import { GuestImport } from "../../../models/GuestImport.ts";
import { recordAudit } from "../../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import { systemClock, type AppDeps, type Clock, type Scope } from "../../scope.ts";
import { listCustomFields } from "../customFields.ts";
import { checkRows } from "./checkRows.ts";
import { importOfEvent, importView, type GuestImportView } from "./findImport.ts";
import { existingGuestsByEmail, guestRow, IMPORT_UPDATE_COLUMNS, mergeByEmail, type GuestSource } from "./guestRows.ts";
import { matchRowsWithoutEmail } from "./matchWithoutEmail.ts";
import { forgetLiveProgress, reportLiveProgress } from "./progress.ts";
import { loadImportFile, saveErrorReport } from "./storedFiles.ts";
import { copyGuests } from "./writeGuestsPostgres.ts";
import { insertGuestsSqlite } from "./writeGuestsSqlite.ts";

export const GUEST_IMPORT_JOB = "guests.import";
/** A processing import whose heartbeat is older than this is taken to be dead and may be started again. */
export const IMPORT_STALE_MS = 60_000;

/** The heartbeat time before which a processing import is dead (as SQL compares it). */
export function deadBefore(now: Date): string {
  return sqlTime(new Date(now.getTime() - IMPORT_STALE_MS));
}

/**
 * Step 3 (events.update): queues the processing. A mapped import starts; a failed one (nothing of it was
 * written) or one left "processing" by a dead worker (heartbeat older than IMPORT_STALE_MS) may be started
 * again; it then runs from scratch.
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

/** What the job needs: no actor and no request, only the database, the file storage and a logger. */
export interface ImportWorker {
  db: AppDeps["db"];
  storage: AppDeps["storage"];
  logger: Logger;
  clock?: Clock;
}

/**
 * Step 3, the job: ALL OR NOTHING. Every guest of the import is written in ONE transaction (COPY on
 * PostgreSQL, one prepared upsert per row on SQLite), together with the import's final counts; a process killed midway leaves no
 * guest of it (the transaction never commits) and the import "processing" with a stale heartbeat, so
 * the job's retry (or the organizer's "process" again) runs it from scratch. Rows that fail the rules
 * are skipped and reported; the others land, without their bad optional cells (reported as warnings).
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
  const fields = await listCustomFields(db, guestImport.eventId);
  const file = await loadImportFile(worker, guestImport);
  const checked = checkRows(file, guestImport.mapping ?? {}, fields);
  if (checked.mappingIssues.length) {
    // A mapped custom field was deleted since the mapping step.
    await guestImport.$query(db).patch({ status: "failed", finishedAt: clock.now() });
    return 0;
  }
  const { withEmail, withoutEmail } = mergeByEmail(checked.valid);
  const total = file.rows.length;
  const postgres = isPostgres(db);

  const reportProgress = async (processed: number) => {
    reportLiveProgress(importId, processed);
    options.onProgress?.(processed);
    // On PostgreSQL other processes read it from the row (outside the import's transaction).
    if (postgres)
      await db("guestImports")
        .where({ id: importId })
        .update({ processedRows: processed, heartbeatAt: clock.now().toISOString() });
  };

  try {
    return await db.transaction(async (trx) => {
      // One run at a time per import. Not a row lock: progress is written to that row from outside.
      if (postgres) await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [importId]);
      const current = await GuestImport.query(trx).findById(importId);
      if (!current || current.status !== "processing") return 0; // another run finished it meanwhile
      const now = clock.now().toISOString();
      const context = { accountId: guestImport.accountId, eventId: guestImport.eventId, importId, now };
      const existing = await existingGuestsByEmail(trx, guestImport.eventId, [...withEmail.keys()]);
      // What each guest row is built from; rows themselves are built as they are written.
      const created: GuestSource[] = [];
      const changed: GuestSource[] = [];
      for (const [email, row] of withEmail) {
        const base = existing.get(email) ?? null;
        (base ? changed : created).push({ base, row });
      }
      // Rows without an email update the guest of the same name (matchWithoutEmail.ts: the rule).
      const nameless = await matchRowsWithoutEmail(trx, guestImport.eventId, withoutEmail);
      changed.push(...nameless.matched);
      for (const row of nameless.unmatched) created.push({ base: null, row });
      const failedRows = checked.failedRows + nameless.ambiguous.length;
      // An ambiguous row is refused: the cells it would have been imported without are its errors too.
      const ambiguousLines = new Set(nameless.ambiguous.map((error) => error.line));
      const warnings = checked.warnings.filter((warning) => !ambiguousLines.has(warning.line));
      const errors = [
        ...checked.errors,
        ...nameless.ambiguous,
        ...checked.warnings.filter((warning) => ambiguousLines.has(warning.line)),
      ].sort((a, b) => a.line - b.line);
      const warningRows = new Set(warnings.map((warning) => warning.line)).size;
      const errorReportKey = await saveErrorReport(worker, guestImport, { errors, warnings });
      const build = (source: GuestSource) => guestRow(source.base, source.row, context);
      const updated = changed.length;
      const written = created.length + updated;
      const skipped = checked.valid.length - nameless.ambiguous.length - written; // repeated emails folded into one guest
      const done = failedRows + skipped;
      if (postgres) {
        await copyGuests(trx, { created, changed, build }, IMPORT_UPDATE_COLUMNS, (count) =>
          reportProgress(done + Math.floor(count)),
        );
      } else {
        await insertGuestsSqlite(trx, [...created, ...changed], build, IMPORT_UPDATE_COLUMNS, (count) =>
          reportProgress(done + count),
        );
      }
      await GuestImport.query(trx)
        .findById(importId)
        .patch({
          status: "done",
          processedRows: total,
          totalRows: total,
          createdRows: written - updated,
          updatedRows: updated,
          failedRows,
          warningRows,
          warningCells: warnings.length,
          errorReportKey,
          finishedAt: clock.now(),
          heartbeatAt: clock.now(),
        });
      await recordAudit(trx, null, {
        action: "guests.imported",
        subjectType: "guestImport",
        subjectId: importId,
        accountId: guestImport.accountId,
        eventId: guestImport.eventId,
        after: { created: written - updated, updated, failed: failedRows, warnings: warnings.length },
      });
      return written;
    });
  } finally {
    forgetLiveProgress(importId);
  }
}
