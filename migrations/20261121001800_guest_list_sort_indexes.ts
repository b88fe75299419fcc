import type { Knex } from "knex";

/**
 * Indexes that serve the guest list's sorts on an event of 100k guests without sorting it:
 * - by name (the default), the way the list compares names: lower(last), lower(first), then id, empty
 *   names last; PostgreSQL gets one index per direction, since "desc, empty last" is not the
 *   backward scan of "asc, empty last";
 * - by creation date, with id as the list's tie-breaker, both ways.
 * They replace the plain (event_id, last_name, first_name) and (event_id, created_at) indexes, which no
 * query used once sorts compared names case-insensitively and broke ties by id.
 */
export async function up(knex: Knex): Promise<void> {
  const isPg = knex.client.config.client === "pg";
  await knex.schema.alterTable("guests", (t) => {
    t.dropIndex(["event_id", "last_name", "first_name"]);
    t.dropIndex(["event_id", "created_at"]);
    t.index(["event_id", "created_at", "id"], "guests_event_id_created_at_id_index");
  });
  await knex.raw(
    "create index guests_event_id_name_sort on guests (event_id, lower(last_name), lower(first_name), id)",
  );
  if (isPg) {
    await knex.raw(
      `create index guests_event_id_name_sort_desc on guests
         (event_id, lower(last_name) desc nulls last, lower(first_name) desc nulls last, id desc)`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") await knex.raw("drop index guests_event_id_name_sort_desc");
  await knex.raw("drop index guests_event_id_name_sort");
  await knex.schema.alterTable("guests", (t) => {
    t.dropIndex(["event_id", "created_at", "id"], "guests_event_id_created_at_id_index");
    t.index(["event_id", "created_at"]);
    t.index(["event_id", "last_name", "first_name"]);
  });
}
