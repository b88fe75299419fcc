import type { Knex } from "knex";
import { uuidPrimary } from "./helpers.ts";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("sessions", (t) => {
    uuidPrimary(t);
    t.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.string("token_hash", 64).notNullable().unique();
    t.string("user_agent", 300).nullable();
    t.string("ip", 64).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("last_seen_at", { useTz: true }).notNullable();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("revoked_at", { useTz: true }).nullable();
    t.index(["user_id"]);
  });
  // Password reset, invitation (register-admin) and second-factor codes: hashed, expiring, single-use.
  await knex.schema.createTable("one_time_tokens", (t) => {
    uuidPrimary(t);
    t.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.string("purpose", 30).notNullable();
    t.string("token_hash", 64).notNullable().unique();
    t.integer("attempts").notNullable().defaultTo(0);
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true }).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["user_id", "purpose"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("one_time_tokens");
  await knex.schema.dropTable("sessions");
}
