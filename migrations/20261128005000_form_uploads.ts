import type { Knex } from "knex";
import { uuidPrimary } from "./helpers.ts";

/**
 * Files a guest uploads to a form's file question before sending the form (spec §7 uploadFile): kept a
 * day under a secret key; sending the form moves each into guest_files, answering the question.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("form_uploads", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("form_id").notNullable().references("id").inTable("forms").onDelete("CASCADE");
    t.uuid("custom_field_id").notNullable().references("id").inTable("custom_fields").onDelete("CASCADE");
    t.string("name", 255).notNullable();
    t.string("mime_type", 120).notNullable();
    t.integer("size").notNullable();
    t.string("storage_key", 255).notNullable().unique();
    t.string("key_hash", 64).notNullable();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["event_id", "expires_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("form_uploads");
}
