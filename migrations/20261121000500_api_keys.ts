import type { Knex } from "knex";
import { accountRef, uuidPrimary } from "./helpers.ts";

/** API keys act on one account with a role; only a SHA-256 of the secret is stored. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("api_keys", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("name", 150).notNullable();
    t.string("role", 20).notNullable();
    t.string("prefix", 16).notNullable();
    t.string("key_hash", 64).notNullable().unique();
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.timestamp("last_used_at", { useTz: true }).nullable();
    t.timestamp("expires_at", { useTz: true }).nullable();
    t.timestamp("revoked_at", { useTz: true }).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("api_keys");
}
