import type { Knex } from "knex";
import { uuidPrimary } from "./helpers.ts";

/**
 * Waiting lists of full answers (issue 11): a guest whose chosen answer of a quota'd question is full
 * registers without it and waits; when a place of that answer frees up, the first waiting get it in order
 * (promoted). Withdrawn: the guest answered the question otherwise, or no longer holds a registration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("waiting_list_entries", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("form_id").notNullable().references("id").inTable("forms").onDelete("CASCADE");
    t.uuid("guest_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    t.uuid("custom_field_id").notNullable().references("id").inTable("custom_fields").onDelete("CASCADE");
    t.string("option_id", 100).notNullable();
    t.string("status", 20).notNullable().defaultTo("waiting");
    /** The page's language when the guest joined: the promotion email's. */
    t.string("language", 5).notNullable().defaultTo("en");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("promoted_at", { useTz: true }).nullable();
    // The first waiting for an answer, in order; how many wait for it.
    t.index(["event_id", "custom_field_id", "option_id", "status", "created_at"], "waiting_list_entries_queue_index");
    // A guest's entries (the portal, re-registering, withdrawing).
    t.index(["guest_id", "status"], "waiting_list_entries_guest_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("waiting_list_entries");
}
