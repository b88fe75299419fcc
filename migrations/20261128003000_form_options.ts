import type { Knex } from "knex";

/** A form's options (spec §3 Form: options): approval, its own opening and closing dates, confirmation texts. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("forms", (t) => {
    t.json("options").notNullable().defaultTo("{}");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("forms", (t) => {
    t.dropColumn("options");
  });
}
