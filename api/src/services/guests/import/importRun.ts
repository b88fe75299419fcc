import type { Logger } from "pino";
import type { Knex } from "../../../db/knex.ts";
import { GuestImport } from "../../../models/GuestImport.ts";
import { recordAudit } from "../../audit/record.ts";
import type { AppDeps, Clock } from "../../scope.ts";
import type { CustomField } from "../../../models/CustomField.ts";
import type { ImportRows } from "./importFileRows.ts";
import { planFromFacts, planImport, type ImportPlan } from "./importPlan.ts";
import { saveErrorReport } from "./storedFiles.ts";

/** What the job needs: no actor and no request, only the database, the file storage and a logger. */
export interface ImportWorker {
  db: AppDeps["db"];
  storage: AppDeps["storage"];
  logger: Logger;
  clock?: Clock;
}

/** One run of an import's processing. */
export interface ImportRun {
  worker: ImportWorker & { clock: Clock };
  guestImport: GuestImport;
  fields: readonly CustomField[];
  /** A new reading of the import's file (to plan, unless the mapping step's facts hold, then to write). */
  openFile(): Promise<ImportRows>;
  onProgress?(processed: number): void;
}

/**
 * The run's plan and the key of its report, or null when the mapping no longer holds (a mapped custom field
 * was deleted since the mapping step): the import is then marked failed. The plan comes from what the
 * mapping step learnt of the file when it still holds (importPlan.ts: planFromFacts); otherwise the file is
 * read and checked again, and the report written anew.
 */
export async function planRun(db: Knex, run: ImportRun): Promise<{ plan: ImportPlan; errorReportKey: string } | null> {
  const { guestImport, worker } = run;
  const known = planFromFacts(guestImport.planFacts, guestImport, run.fields);
  if (known && guestImport.errorReportKey) return { plan: known, errorReportKey: guestImport.errorReportKey };
  const target = { eventId: guestImport.eventId, importId: guestImport.id };
  const mapping = guestImport.mapping ?? {};
  const { mappingIssues, plan } = await planImport(db, target, await run.openFile(), mapping, run.fields);
  if (!mappingIssues.length) return { plan, errorReportKey: await saveErrorReport(worker, guestImport, plan.report!) };
  await GuestImport.query(db).findById(guestImport.id).patch({ status: "failed", finishedAt: worker.clock.now() });
  return null;
}

/** What a guest row of this import is built with. */
export function rowContext(run: ImportRun, now: string) {
  const { accountId, eventId, id: importId } = run.guestImport;
  return { accountId, eventId, importId, now };
}

/**
 * Marks the import done with its counts, in the transaction that writes its last guests (so a done import
 * has all of them), and records it in the audit log.
 */
export async function markImportDone(
  trx: Knex.Transaction,
  run: ImportRun,
  plan: ImportPlan,
  written: { created: number; updated: number },
  errorReportKey: string,
): Promise<void> {
  const { guestImport, worker } = run;
  const now = worker.clock.now();
  await GuestImport.query(trx)
    .findById(guestImport.id)
    .patch({
      status: "done",
      processedRows: plan.totalRows,
      totalRows: plan.totalRows,
      createdRows: written.created,
      updatedRows: written.updated,
      writtenGuests: written.created + written.updated,
      failedRows: plan.failedRows,
      warningRows: plan.warningRows,
      warningCells: plan.warningCells,
      errorReportKey,
      finishedAt: now,
      heartbeatAt: now,
    });
  // The import runs as a job; the person who started it is its author.
  await recordAudit(trx, null, {
    authorUserId: guestImport.createdBy,
    action: "guests.imported",
    subjectType: "guestImport",
    subjectId: guestImport.id,
    accountId: guestImport.accountId,
    eventId: guestImport.eventId,
    after: { ...written, failed: plan.failedRows, warnings: plan.warningCells },
    metadata: guestImport.fileName ? { subject: guestImport.fileName } : null,
  });
}
