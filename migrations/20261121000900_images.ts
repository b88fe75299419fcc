import type { Knex } from "knex";
import { accountRef, uuidPrimary } from "./helpers.ts";

/** Uploaded or downloaded images (logos, banners, favicons); the bytes live in file storage. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("images", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("kind", 20).notNullable();
    t.string("mime_type", 40).notNullable();
    t.integer("width").notNullable();
    t.integer("height").notNullable();
    t.integer("size").notNullable();
    t.string("original_name", 255).notNullable();
    t.string("storage_key", 255).notNullable().unique();
    t.string("source_url", 2000).nullable();
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("images");
}
