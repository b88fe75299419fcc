import type { Knex } from "knex";
import { accountRef, uuidPrimary } from "./helpers.ts";

/**
 * Guests' messages to an event's organizer (issue 11, contact the organizer; spec §4's message with its
 * read state): stored before they are emailed, so none is lost while mail is down. And the proof-of-work
 * solutions already spent, each kept until its challenge expires, so that a solution works once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("contact_messages", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    // The signed-in guest who wrote it; the message stays when the guest is deleted.
    t.uuid("guest_id").nullable().references("id").inTable("guests").onDelete("SET NULL");
    t.string("sender_name", 200).notNullable();
    t.string("sender_email", 254).notNullable();
    t.string("subject", 200).nullable();
    t.text("message").notNullable();
    t.string("language", 8).notNullable();
    t.timestamp("read_at", { useTz: true }).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["event_id", "created_at"]);
    t.index(["guest_id"]);
  });
  await knex.schema.createTable("spent_captchas", (t) => {
    // The challenge's HMAC signature (hex): unique to one challenge.
    t.string("signature", 128).primary();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.index(["expires_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("spent_captchas");
  await knex.schema.dropTable("contact_messages");
}
