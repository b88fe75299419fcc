import { GuestImport } from "../../../models/GuestImport.ts";
import type { AppDeps } from "../../scope.ts";
import { GUEST_IMPORT_JOB, processGuestImport } from "./process.ts";
import { tidyGuestsAfterBulkWrite } from "./tidyAfterImport.ts";

/**
 * The `guests.import` job. A run that throws is marked failed: on PostgreSQL its transaction rolled
 * back, on SQLite its committed batches stay and the next run resumes after them. A run whose process
 * was killed leaves it "processing" with a stale heartbeat: the queue's retry (pg-boss, after the job
 * expires) or the organizer's "process" again runs it (from scratch, or resuming on SQLite).
 */
export function registerGuestImportJobs(deps: AppDeps): void {
  deps.jobs.register<{ importId: string; attempt?: number }>(GUEST_IMPORT_JOB, async ({ importId }) => {
    let written: number;
    try {
      written = await processGuestImport(deps, importId);
    } catch (error) {
      deps.logger.error({ err: error, importId }, "guest import failed");
      await GuestImport.query(deps.db)
        .findById(importId)
        .where({ status: "processing" })
        .patch({ status: "failed", finishedAt: deps.clock.now() });
      return;
    }
    // The guests are in; fresh statistics are for the lists that follow, and never fail the import.
    await tidyGuestsAfterBulkWrite(deps.db, written).catch((error: unknown) =>
      deps.logger.error({ err: error, importId }, "could not refresh the guests table's statistics"),
    );
  });
}
