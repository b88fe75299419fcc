import type { Knex } from "knex";
import { accountRef, timestamps, uuidPrimary } from "./helpers.ts";

/** Events with every field of spec §3, their custom domains and their access lists. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("events", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("name", 200).notNullable();
    t.string("slug", 50).notNullable().unique();
    t.timestamp("starts_at", { useTz: true }).nullable();
    t.timestamp("ends_at", { useTz: true }).nullable();
    t.boolean("is_all_day").notNullable().defaultTo(false);
    t.string("timezone", 64).notNullable().defaultTo("Europe/Paris");
    t.string("venue_name", 200).nullable();
    t.string("address", 500).nullable();
    t.string("country", 2).nullable();
    t.double("latitude").nullable();
    t.double("longitude").nullable();
    t.text("more_information").nullable();
    t.timestamp("registration_closes_at", { useTz: true }).nullable();
    t.integer("max_attendees").nullable();
    t.integer("max_companions").nullable();
    t.json("languages").notNullable();
    t.json("social_links").notNullable();
    t.uuid("banner_image_id").nullable();
    t.uuid("logo_image_id").nullable();
    t.uuid("favicon_image_id").nullable();
    t.json("white_label").notNullable();
    t.json("modules").notNullable();
    t.integer("retention_days").nullable();
    t.integer("max_offline_checkin_sessions").nullable();
    t.boolean("is_archived").notNullable().defaultTo(false);
    t.timestamp("archived_at", { useTz: true }).nullable();
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    timestamps(t);
    t.index(["account_id", "starts_at"]);
  });
  await knex.schema.createTable("event_domains", (t) => {
    t.string("domain", 253).primary();
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.index(["event_id"]);
  });
  await knex.schema.createTable("event_users", (t) => {
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.primary(["event_id", "user_id"]);
    t.index(["user_id"]);
  });
  await knex.schema.createTable("event_teams", (t) => {
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("team_id").notNullable().references("id").inTable("teams").onDelete("CASCADE");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.primary(["event_id", "team_id"]);
    t.index(["team_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("event_teams");
  await knex.schema.dropTable("event_users");
  await knex.schema.dropTable("event_domains");
  await knex.schema.dropTable("events");
}
