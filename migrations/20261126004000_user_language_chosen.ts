import type { Knex } from "knex";

/**
 * When a user chose their language in their profile. Until then the language of the page they sign in
 * from is theirs (a user invited in English who signs in at /fr/admin works in French, and is written to
 * in French); once chosen, the profile decides.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.timestamp("language_chosen_at", { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("language_chosen_at");
  });
}
