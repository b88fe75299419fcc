import type { Knex } from "knex";

/** Whether an import's file came as CSV or as an Excel workbook (stored as the CSV of its first sheet). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guest_imports", (t) => {
    t.string("source_format", 10).notNullable().defaultTo("csv");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guest_imports", (t) => {
    t.dropColumn("source_format");
  });
}
