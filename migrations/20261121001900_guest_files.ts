import type { Knex } from "knex";

/**
 * Files uploaded as answers to `file` custom fields: one row per stored file, owned by one guest and
 * one field (the guest's answer `{fileId, name, size}` names the row). Rows go with their guest or
 * field (cascade); the bytes in file storage are removed by the API when it deletes them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("guest_files", (t) => {
    t.uuid("id").primary();
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("guest_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    t.uuid("custom_field_id").notNullable().references("id").inTable("custom_fields").onDelete("CASCADE");
    t.string("name", 255).notNullable();
    t.string("mime_type", 120).notNullable();
    t.integer("size").notNullable();
    t.string("storage_key", 255).notNullable().unique();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["guest_id", "custom_field_id"]);
    t.index(["custom_field_id"]);
    t.index(["event_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("guest_files");
}
