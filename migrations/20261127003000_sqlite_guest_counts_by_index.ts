import type { Knex } from "knex";
import { up as createTallies } from "./20261127002000_event_guest_tallies.ts";

/**
 * SQLite counts an event's guests from the (event_id, status) index when asked (api/src/services/events/
 * guestTallies.ts) instead of keeping tallies: its row triggers made a 100k import 85% slower (2.8 s to
 * 5.3 s, bench guests-import), past the import's bar of twice the indexed floor. PostgreSQL keeps its
 * statement triggers, which cost the import nothing measurable and spare its events list a count over
 * millions of rows.
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") return;
  for (const action of ["insert", "delete", "update"]) await knex.raw(`drop trigger guests_tally_${action}`);
  await knex.schema.dropTable("event_guest_tallies");
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") return;
  await createTallies(knex);
}
