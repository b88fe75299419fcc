import type { Knex } from "knex";

/**
 * A send's ledger is written by the sender, in batches of their own transactions, not in the request that starts
 * the send (100,000 recipients took 9 s there, and on SQLite held every other request meanwhile).
 * `ledger_filled_at` says it is complete: until then the campaign is sending but cannot finish. Sends started
 * before this migration were written whole at their start.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("campaigns", (t) => {
    t.timestamp("ledger_filled_at", { useTz: true }).nullable();
  });
  await knex("campaigns")
    .whereIn("state", ["sending", "sent"])
    .update({ ledger_filled_at: knex.raw("coalesce(started_at, updated_at)") });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("campaigns", (t) => t.dropColumn("ledger_filled_at"));
}
