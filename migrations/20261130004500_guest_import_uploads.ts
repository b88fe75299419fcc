import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

/**
 * A guest file sent in chunks (issue 13, item 8: the desk app's bulk import): the size announced, the bytes
 * received so far (the offset the next chunk must start at), and each chunk stored on its own until the upload
 * completes into a guest import (import_id). An upload untouched for a day is expired.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("guest_import_uploads", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("created_by").nullable();
    t.string("file_name", 255).nullable();
    t.integer("size").notNullable();
    t.integer("received").notNullable().defaultTo(0);
    t.boolean("has_headers").notNullable().defaultTo(true);
    t.uuid("import_id").nullable();
    timestamps(t);
    t.index(["account_id", "updated_at"]);
  });
  await knex.schema.createTable("guest_import_upload_chunks", (t) => {
    t.uuid("upload_id").notNullable().references("id").inTable("guest_import_uploads").onDelete("CASCADE");
    t.integer("first_byte").notNullable();
    t.integer("size").notNullable();
    t.string("storage_key", 255).notNullable();
    t.primary(["upload_id", "first_byte"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("guest_import_upload_chunks");
  await knex.schema.dropTable("guest_import_uploads");
}
