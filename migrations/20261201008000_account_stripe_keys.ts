import type { Knex } from "knex";
import { accountRef, timestamps, uuidPrimary } from "./helpers.ts";

/**
 * An account's own Stripe keys, one row per mode (issue 14 item 5: test and live keys per account): the
 * publishable key the card form uses, and the secret key and webhook signing secret, both encrypted with the
 * server's secret (api/src/services/ticketOffice/stripeKeyVault.ts), with their last four characters to show.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("account_stripe_keys", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("mode", 8).notNullable();
    t.string("publishable_key", 255).nullable();
    t.text("secret_key_encrypted").nullable();
    t.string("secret_key_last4", 4).nullable();
    t.text("webhook_secret_encrypted").nullable();
    t.string("webhook_secret_last4", 4).nullable();
    timestamps(t);
    t.unique(["account_id", "mode"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("account_stripe_keys");
}
