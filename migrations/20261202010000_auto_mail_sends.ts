import type { Knex } from "knex";

/**
 * Automatic mails about orders (issue 15 item 7) go out once each, whichever path completed the order or the
 * refund (a desk, the organizer, a card payment, a webhook, a retry): the first sender claims the row by setting
 * `orders.confirmation_mailed_at` or `refunds.mailed_at` where it was still empty.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.timestamp("confirmation_mailed_at", { useTz: true }).nullable();
  });
  await knex.schema.alterTable("refunds", (t) => {
    t.timestamp("mailed_at", { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("refunds", (t) => t.dropColumn("mailed_at"));
  await knex.schema.alterTable("orders", (t) => t.dropColumn("confirmation_mailed_at"));
}
