import type { Knex } from "knex";

/**
 * The guest list sorts names as people read them (api/src/db/sortKey.ts): its name indexes are rebuilt on
 * the new sort expressions, ICU's root collation on PostgreSQL and the sort key function on SQLite, so the
 * default view still reads a page straight from the index.
 */
export async function up(knex: Knex): Promise<void> {
  const isPg = knex.client.config.client === "pg";
  const text = (column: string) => (isPg ? `${column} collate "und-x-icu"` : `sort_key(${column})`);
  await knex.raw("drop index guests_event_id_name_sort");
  await knex.raw(
    `create index guests_event_id_name_sort on guests (event_id, ${text("last_name")}, ${text("first_name")}, id)`,
  );
  if (isPg) {
    await knex.raw("drop index guests_event_id_name_sort_desc");
    await knex.raw(
      `create index guests_event_id_name_sort_desc on guests
         (event_id, ${text("last_name")} desc nulls last, ${text("first_name")} desc nulls last, id desc)`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  const isPg = knex.client.config.client === "pg";
  await knex.raw("drop index guests_event_id_name_sort");
  await knex.raw(
    "create index guests_event_id_name_sort on guests (event_id, lower(last_name), lower(first_name), id)",
  );
  if (isPg) {
    await knex.raw("drop index guests_event_id_name_sort_desc");
    await knex.raw(
      `create index guests_event_id_name_sort_desc on guests
         (event_id, lower(last_name) desc nulls last, lower(first_name) desc nulls last, id desc)`,
    );
  }
}
