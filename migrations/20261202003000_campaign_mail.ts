import type { Knex } from "knex";
import { accountRef, timestamps, uuidPrimary } from "./helpers.ts";

/**
 * What campaign mail needs beyond the campaigns themselves (issue 15 items 5–7):
 *
 * - `campaign_recipients.token`: the random, unguessable value a recipient's tracking links, open pixel,
 *   unsubscribe link and VERP return path carry; `delivered_at`, `opened_at`, `clicked_at` (by people),
 *   `unsubscribed_at`, `bounced_at`: the recipient's first of each, which the statistics count.
 * - `campaigns.started_at`, `finished_at`, `cancelled_at`: a send's life.
 * - `campaign_events`: every open, click, unsubscribe, delivery, bounce and complaint of a recipient, told
 *   apart as a machine's (privacy proxies, link scanners) or a person's, for the statistics over time.
 * - `mail_errors` (spec §3 mail error, §7 errormails): per account and address, why mail to it fails (hard
 *   bounce, soft bounce, complaint, blocked) — a hard bounce, complaint or block keeps it from every send.
 * - `sender_emails` (spec §3 sender email, §5 unique): the addresses an account sends campaigns from, usable
 *   once verified by a link mailed to them.
 * - `auto_mails`: an event's own wording of an automatic mail (registration confirmation …) per language.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("campaign_recipients", (t) => {
    t.string("token", 40).nullable();
    t.timestamp("delivered_at", { useTz: true }).nullable();
    t.timestamp("opened_at", { useTz: true }).nullable();
    t.timestamp("clicked_at", { useTz: true }).nullable();
    t.timestamp("unsubscribed_at", { useTz: true }).nullable();
    t.timestamp("bounced_at", { useTz: true }).nullable();
    t.unique(["token"]);
  });
  await knex.schema.alterTable("campaigns", (t) => {
    t.timestamp("started_at", { useTz: true }).nullable();
    t.timestamp("finished_at", { useTz: true }).nullable();
    t.timestamp("cancelled_at", { useTz: true }).nullable();
  });
  await knex.schema.createTable("campaign_events", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("campaign_id").notNullable().references("id").inTable("campaigns").onDelete("CASCADE");
    t.uuid("recipient_id").notNullable().references("id").inTable("campaign_recipients").onDelete("CASCADE");
    t.string("kind", 20).notNullable();
    t.boolean("machine").notNullable().defaultTo(false);
    /** Which link of the message a click followed (the renderer's index). */
    t.integer("link_index").nullable();
    /** Why it was judged a machine's, the DSN status, the user agent … */
    t.string("detail", 500).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["campaign_id", "kind", "created_at"]);
    t.index(["event_id", "created_at"]);
    t.index(["recipient_id"]);
  });
  await knex.schema.createTable("mail_errors", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("email", 320).notNullable();
    t.string("kind", 20).notNullable();
    t.string("reason", 1000).nullable();
    t.string("source", 20).notNullable();
    t.uuid("campaign_id").nullable();
    t.integer("occurrences").notNullable().defaultTo(1);
    t.timestamp("last_seen_at", { useTz: true }).notNullable();
    timestamps(t);
    t.unique(["account_id", "email"]);
  });
  await knex.schema.createTable("sender_emails", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("email", 320).notNullable();
    t.string("name", 100).nullable();
    t.timestamp("verified_at", { useTz: true }).nullable();
    t.string("verification_token_hash", 64).nullable();
    t.timestamp("verification_sent_at", { useTz: true }).nullable();
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    timestamps(t);
    t.unique(["account_id", "email"]);
  });
  await knex.schema.createTable("auto_mails", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("kind", 40).notNullable();
    t.string("language", 5).notNullable();
    t.string("subject", 200).notNullable();
    t.json("content").notNullable();
    t.boolean("enabled").notNullable().defaultTo(true);
    t.uuid("updated_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    timestamps(t);
    t.unique(["event_id", "kind", "language"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("auto_mails");
  await knex.schema.dropTable("sender_emails");
  await knex.schema.dropTable("mail_errors");
  await knex.schema.dropTable("campaign_events");
  await knex.schema.alterTable("campaigns", (t) => {
    t.dropColumn("started_at");
    t.dropColumn("finished_at");
    t.dropColumn("cancelled_at");
  });
  await knex.schema.alterTable("campaign_recipients", (t) => {
    t.dropUnique(["token"]);
    t.dropColumn("token");
    t.dropColumn("delivered_at");
    t.dropColumn("opened_at");
    t.dropColumn("clicked_at");
    t.dropColumn("unsubscribed_at");
    t.dropColumn("bounced_at");
  });
}
