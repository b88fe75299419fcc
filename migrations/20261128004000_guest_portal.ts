import type { Knex } from "knex";
import { uuidPrimary } from "./helpers.ts";

/**
 * The guest portal's sign-in (issue 11): single-use links emailed to a guest, each with a 6-digit code for
 * another device, and the guests' sessions. Only hashes of tokens and codes are stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("guest_sign_in_links", (t) => {
    uuidPrimary(t);
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("guest_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    t.string("token_hash", 64).notNullable().unique();
    t.string("code_hash", 64).notNullable();
    t.integer("failed_codes").notNullable().defaultTo(0);
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true }).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["guest_id", "created_at"]);
  });
  await knex.schema.createTable("guest_sessions", (t) => {
    uuidPrimary(t);
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("guest_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    t.string("token_hash", 64).notNullable().unique();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("revoked_at", { useTz: true }).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["guest_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("guest_sessions");
  await knex.schema.dropTable("guest_sign_in_links");
}
