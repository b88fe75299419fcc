import type { Knex } from "knex";

/**
 * A send's claims (issue 15 item 5): a recipient a sender took is `sending` with `claimed_at`; it becomes `sent`
 * the moment the mail server accepts its message. A claim older than the lease is one whose sender died: it is
 * taken again. The campaign keeps why its send paused (`send_error`: not enough credits …).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("campaign_recipients", (t) => {
    t.timestamp("claimed_at", { useTz: true }).nullable();
  });
  await knex.schema.alterTable("campaigns", (t) => {
    t.string("send_error", 100).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("campaigns", (t) => t.dropColumn("send_error"));
  await knex.schema.alterTable("campaign_recipients", (t) => t.dropColumn("claimed_at"));
}
