import { isPostgres } from "../../../db/dialect.ts";
import type { Knex } from "../../../db/knex.ts";

/** From this many guests written at once, the table's statistics and visibility map are refreshed. */
export const BULK_WRITE_ROWS = 1_000;

/**
 * After a bulk write into `guests` on PostgreSQL: VACUUM (ANALYZE) at once instead of waiting for
 * autovacuum, which never comes for 100k new rows in a table of millions (its threshold is 10% of the
 * table). Without fresh statistics the planner leaves the event's indexes for a parallel scan and a sort
 * spilled to disk (a deep page took 426 ms); without the visibility map the page's count cannot stay in
 * the index. Run after the import's transaction (VACUUM cannot run inside one); it blocks no reader or writer.
 */
export async function tidyGuestsAfterBulkWrite(db: Knex, rowsWritten: number): Promise<boolean> {
  if (!isPostgres(db) || rowsWritten < BULK_WRITE_ROWS) return false;
  await db.raw("vacuum (analyze) guests");
  return true;
}
