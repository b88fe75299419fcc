import type { Knex } from "knex";

/** A guest's consent to appear on the event's published attendees list (issue 11: the guest portal). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guests", (t) => {
    t.boolean("listed_consent").notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guests", (t) => {
    t.dropColumn("listed_consent");
  });
}
