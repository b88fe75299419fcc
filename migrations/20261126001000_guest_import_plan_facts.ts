import type { Knex } from "knex";

/**
 * What the mapping step of a guest import learns of its file (the emails on several rows, how many rows
 * have no email, the custom fields it was checked against): the job plans from it instead of reading and
 * checking the whole file a second time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guest_imports", (t) => {
    t.json("plan_facts").nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guest_imports", (t) => {
    t.dropColumn("plan_facts");
  });
}
