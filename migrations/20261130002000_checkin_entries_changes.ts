import type { Knex } from "knex";

/**
 * A session's entry rows in the order they changed (issue 13, a desk's incremental snapshot): the entries
 * changed since its last refresh (other desks' scans) are read by this index, page by page on (updated_at,
 * guest_id), rather than by testing each changed guest for an entry.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("checkin_entries", (t) => {
    t.index(["checkin_id", "updated_at", "guest_id"], "checkin_entries_checkin_updated_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("checkin_entries", (t) => {
    t.dropIndex(["checkin_id", "updated_at", "guest_id"], "checkin_entries_checkin_updated_index");
  });
}
