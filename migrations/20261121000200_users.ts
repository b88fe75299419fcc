import type { Knex } from "knex";
import { accountRef, timestamps, uuidPrimary } from "./helpers.ts";

/** Organizer users of an account and platform administrators (role administrator, no account). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("users", (t) => {
    uuidPrimary(t);
    accountRef(t, true);
    t.string("email", 254).notNullable();
    t.string("email_normalized", 254).notNullable().unique();
    t.string("first_name", 100).notNullable();
    t.string("last_name", 100).notNullable();
    t.string("role", 20).notNullable();
    t.string("language", 5).notNullable().defaultTo("en");
    t.string("password_hash", 255).nullable();
    t.timestamp("password_changed_at", { useTz: true }).nullable();
    t.timestamp("last_login_at", { useTz: true }).nullable();
    t.boolean("is_active").notNullable().defaultTo(true);
    t.timestamp("registered_at", { useTz: true }).nullable();
    timestamps(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("users");
}
