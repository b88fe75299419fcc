import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

/**
 * Email campaigns (issue 15, spec §3 Campaign, §4 states): a campaign of an event with its type, subject, sender,
 * preview text, content per language (the editor's blocks, JSON), who it goes to (`audience`, JSON: a guest-list
 * query or a condition rule, for thank and custom campaigns) and its sending date; `state` pending, scheduled,
 * sending or sent.
 *
 * `campaign_recipients` is the per-recipient ledger a send walks: one row per guest a campaign goes to, unique
 * per campaign, with the address and language it was written for and how its message fared. Targeting reads it
 * too (a reflate goes to who received an invitation). Deleting the event or the campaign removes its rows; a
 * guest deleted since keeps the row without its guest (the figures stay true).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("campaigns", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.string("type", 20).notNullable();
    t.string("state", 20).notNullable().defaultTo("pending");
    t.string("subject", 200).notNullable().defaultTo("");
    t.string("from_name", 100).notNullable().defaultTo("");
    t.string("from_email", 320).nullable();
    t.string("reply_email", 320).nullable();
    t.string("preview_text", 200).nullable();
    t.string("language", 5).notNullable();
    t.json("content").notNullable();
    t.json("audience").nullable();
    t.timestamp("send_at", { useTz: true }).nullable();
    t.timestamp("sent_at", { useTz: true }).nullable();
    t.integer("recipients_count").nullable();
    t.integer("credits_required").nullable();
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    timestamps(t);
    t.index(["event_id", "created_at"]);
    t.index(["state", "send_at"]);
  });
  await knex.schema.createTable("campaign_recipients", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("campaign_id").notNullable().references("id").inTable("campaigns").onDelete("CASCADE");
    t.uuid("guest_id").nullable().references("id").inTable("guests").onDelete("SET NULL");
    t.string("email", 320).notNullable();
    t.string("language", 5).notNullable();
    t.string("status", 20).notNullable().defaultTo("queued");
    t.integer("attempts").notNullable().defaultTo(0);
    t.string("last_error", 500).nullable();
    t.string("message_id", 300).nullable();
    t.timestamp("sent_at", { useTz: true }).nullable();
    timestamps(t);
    t.unique(["campaign_id", "guest_id"]);
    t.index(["campaign_id", "status"]);
    t.index(["event_id", "guest_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("campaign_recipients");
  await knex.schema.dropTable("campaigns");
}
