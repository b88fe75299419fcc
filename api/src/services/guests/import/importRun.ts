import type { Logger } from "pino";
import type { Knex } from "../../../db/knex.ts";
import { GuestImport } from "../../../models/GuestImport.ts";
import { recordAudit } from "../../audit/record.ts";
import type { AppDeps, Clock } from "../../scope.ts";
import type { CheckedRows } from "./checkRows.ts";
import type { ImportPlan } from "./importPlan.ts";

/** What the job needs: no actor and no request, only the database, the file storage and a logger. */
export interface ImportWorker {
  db: AppDeps["db"];
  storage: AppDeps["storage"];
  logger: Logger;
  clock?: Clock;
}

/** One run of an import's processing, its rows checked. */
export interface ImportRun {
  worker: ImportWorker & { clock: Clock };
  guestImport: GuestImport;
  checked: CheckedRows;
  onProgress?(processed: number): void;
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
  await GuestImport.query(trx).findById(guestImport.id).patch({
    status: "done",
    processedRows: plan.totalRows,
    totalRows: plan.totalRows,
    createdRows: written.created,
    updatedRows: written.updated,
    writtenGuests: plan.sources.length,
    failedRows: plan.failedRows,
    warningRows: plan.warningRows,
    warningCells: plan.warnings.length,
    errorReportKey,
    finishedAt: now,
    heartbeatAt: now,
  });
  await recordAudit(trx, null, {
    action: "guests.imported",
    subjectType: "guestImport",
    subjectId: guestImport.id,
    accountId: guestImport.accountId,
    eventId: guestImport.eventId,
    after: { ...written, failed: plan.failedRows, warnings: plan.warnings.length },
  });
}
