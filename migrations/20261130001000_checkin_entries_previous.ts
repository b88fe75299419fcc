import type { Knex } from "knex";

/**
 * What a guest's entry row was before the last scan that touched it (issue 12, one-statement scans): its
 * state and the scan that had let the guest in. A scan decides and writes the row in one upsert under the
 * row's lock; these columns give back what it decided against, which PostgreSQL 15's RETURNING cannot
 * (it shows only the row as written).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("checkin_entries", (t) => {
    t.string("previous_state", 3).nullable();
    t.uuid("previous_in_scan_id").nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("checkin_entries", (t) => {
    t.dropColumn("previous_in_scan_id");
    t.dropColumn("previous_state");
  });
}
