import type { Knex } from "knex";

/**
 * PostgreSQL: a guest's event and account are checked by one composite foreign key to
 * events (id, account_id) instead of two single ones. Stronger (a guest can no longer name an event
 * of another account) and one referential check per inserted row instead of two, which a 100k-row
 * import pays 100k times. Account deletion still cascades, through the account's events.
 * SQLite keeps the two single keys: changing a foreign key there means rebuilding the table.
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== "pg") return;
  await knex.raw("alter table events add constraint events_id_account_id_unique unique (id, account_id)");
  await knex.raw("alter table guests drop constraint guests_account_id_foreign");
  await knex.raw("alter table guests drop constraint guests_event_id_foreign");
  await knex.raw(
    `alter table guests add constraint guests_event_id_account_id_foreign
       foreign key (event_id, account_id) references events (id, account_id) on delete cascade`,
  );
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== "pg") return;
  await knex.raw("alter table guests drop constraint guests_event_id_account_id_foreign");
  await knex.raw(
    "alter table guests add constraint guests_event_id_foreign foreign key (event_id) references events (id) on delete cascade",
  );
  await knex.raw(
    "alter table guests add constraint guests_account_id_foreign foreign key (account_id) references accounts (id) on delete cascade",
  );
  await knex.raw("alter table events drop constraint events_id_account_id_unique");
}
