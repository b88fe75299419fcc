import type { Knex } from "knex";

/**
 * Account-level defaults for new events; an index for the audit log filtered by event; team names
 * unique per account whatever their case (the race guard behind 409 team_name_taken).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("accounts", (t) => {
    t.json("default_event_params").nullable();
  });
  await knex.schema.alterTable("audit_logs", (t) => {
    t.index(["account_id", "event_id", "created_at"], "audit_logs_account_event_created_index");
  });
  // Expression indexes: the same statement on PostgreSQL and SQLite.
  await knex.raw("create unique index teams_account_id_lower_name_unique on teams (account_id, lower(name))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index teams_account_id_lower_name_unique");
  await knex.schema.alterTable("audit_logs", (t) => {
    t.dropIndex(["account_id", "event_id", "created_at"], "audit_logs_account_event_created_index");
  });
  await knex.schema.alterTable("accounts", (t) => {
    t.dropColumn("default_event_params");
  });
}
