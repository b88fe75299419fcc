import type { Knex } from "knex";

/**
 * SQLite: the guest name index on `name_sort_key`, whose key of an empty name sorts last by itself
 * (api/src/db/sortKey.ts), so the default order (by name, empty last) reads from the index instead of
 * sorting rows with a JavaScript function on the server's thread. PostgreSQL's indexes are unchanged.
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") return;
  await knex.raw("drop index guests_event_id_name_sort");
  await knex.raw(
    "create index guests_event_id_name_sort on guests (event_id, name_sort_key(last_name), name_sort_key(first_name), id)",
  );
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") return;
  await knex.raw("drop index guests_event_id_name_sort");
  await knex.raw(
    "create index guests_event_id_name_sort on guests (event_id, sort_key(last_name), sort_key(first_name), id)",
  );
}
