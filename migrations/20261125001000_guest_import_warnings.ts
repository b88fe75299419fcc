import type { Knex } from "knex";

/**
 * The warnings of a guest import: rows imported without one or more of their values (a bad optional
 * cell), and how many such cells, counted over every row of the file.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guest_imports", (t) => {
    t.integer("warning_rows").notNullable().defaultTo(0);
    t.integer("warning_cells").notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guest_imports", (t) => {
    t.dropColumn("warning_rows");
    t.dropColumn("warning_cells");
  });
}
