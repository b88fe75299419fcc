import type { Knex } from "knex";

/**
 * What an audit entry says of the records it names (a guest's name, an import's file name, the names
 * behind the ids of its values), so the history reads in names once they are renamed or gone. Entries
 * written before it keep none (null): the history words those from their snapshots.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("audit_logs", (t) => {
    t.json("metadata").nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("audit_logs", (t) => {
    t.dropColumn("metadata");
  });
}
