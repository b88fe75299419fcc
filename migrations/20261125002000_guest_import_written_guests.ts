import type { Knex } from "knex";

/**
 * How many of an import's guests its runs have committed. On SQLite an import commits in batches (one
 * long transaction would hold the only writer, and every other request, for the whole import): a run that
 * was interrupted resumes after the last committed batch.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guest_imports", (t) => {
    t.integer("written_guests").notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guest_imports", (t) => {
    t.dropColumn("written_guests");
  });
}
