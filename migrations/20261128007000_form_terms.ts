import type { Knex } from "knex";

/** A form's terms (spec §3 Form: terms file): a PDF in file storage, its name and size. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("forms", (t) => {
    t.string("terms_storage_key", 255).nullable();
    t.string("terms_name", 255).nullable();
    t.integer("terms_size").nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("forms", (t) => {
    t.dropColumn("terms_storage_key");
    t.dropColumn("terms_name");
    t.dropColumn("terms_size");
  });
}
