import type { Knex } from "knex";

/**
 * The scans of an event and of a session in the order they came (issue 12: the live board's streams read
 * what a watcher missed since a moment).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("checkin_scans", (t) => {
    t.index(["event_id", "received_at"], "checkin_scans_event_received_index");
    t.index(["checkin_id", "received_at"], "checkin_scans_checkin_received_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("checkin_scans", (t) => {
    t.dropIndex(["event_id", "received_at"], "checkin_scans_event_received_index");
    t.dropIndex(["checkin_id", "received_at"], "checkin_scans_checkin_received_index");
  });
}
