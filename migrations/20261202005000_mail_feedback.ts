import type { Knex } from "knex";

/**
 * What bounces and a provider's webhooks need (issue 15 items 6 and 10):
 *
 * - `mail_webhook_tokens`: each token a provider's signed webhook carried (Mailgun's `signature.token`), kept once:
 *   a webhook replayed with a token already seen is refused, whatever its signature.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("mail_webhook_tokens", (t) => {
    t.string("provider", 20).notNullable();
    t.string("token", 200).notNullable();
    t.timestamp("received_at", { useTz: true }).notNullable();
    t.primary(["provider", "token"]);
    t.index(["received_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("mail_webhook_tokens");
}
