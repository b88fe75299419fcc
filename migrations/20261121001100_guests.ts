import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

function eventScoped(t: Knex.CreateTableBuilder): void {
  t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
  t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
}

/**
 * Guests of an event with their custom-field answers (one JSON column, typed by the field
 * definitions), custom fields, saved list views, duplicate pairs set aside and recommendations.
 */
export async function up(knex: Knex): Promise<void> {
  const isPg = knex.client.config.client === "pg";
  await knex.schema.createTable("custom_fields", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    t.string("name", 100).notNullable();
    t.string("label", 300).notNullable();
    t.text("help_text").nullable();
    t.string("type", 30).notNullable();
    t.boolean("is_required").notNullable().defaultTo(false);
    t.boolean("is_read_only").notNullable().defaultTo(false);
    t.json("options").notNullable(); // [{id, label, quota}] for choice types
    t.json("rules").notNullable(); // {min, max, exact, maxRating, allowNegative …} by type
    t.integer("position").notNullable();
    timestamps(t);
    t.index(["event_id", "position"]);
  });
  await knex.raw(
    "create unique index custom_fields_event_id_lower_name_unique on custom_fields (event_id, lower(name))",
  );

  await knex.schema.createTable("guests", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    t.string("first_name", 100).nullable();
    t.string("last_name", 100).nullable();
    t.string("email", 254).nullable();
    t.string("email_normalized", 254).nullable();
    t.string("civility", 5).nullable();
    t.string("company", 200).nullable();
    t.string("job_title", 200).nullable();
    t.string("status", 20).notNullable().defaultTo("unanswered");
    t.string("mail_status", 20).notNullable().defaultTo("none");
    t.timestamp("mail_status_at", { useTz: true }).nullable();
    t.timestamp("unsubscribed_at", { useTz: true }).nullable();
    if (isPg) t.jsonb("answers").notNullable().defaultTo("{}");
    else t.json("answers").notNullable().defaultTo("{}");
    t.integer("companions_expected").notNullable().defaultTo(0);
    t.uuid("godfather_id").nullable().references("id").inTable("guests").onDelete("SET NULL");
    t.string("created_source", 20).notNullable();
    t.string("prescriber", 200).nullable();
    t.string("language", 5).nullable();
    t.timestamp("registered_at", { useTz: true }).nullable();
    t.text("search_text").notNullable().defaultTo("");
    t.uuid("import_id").nullable();
    timestamps(t);
    t.index(["event_id", "last_name", "first_name"]);
    t.index(["event_id", "created_at"]);
    t.index(["event_id", "status"]);
    t.index(["event_id", "email_normalized"]);
    t.index(["godfather_id"]);
  });
  if (isPg) {
    // Substring search over 100k guests and filters on any custom field stay index-backed.
    await knex.raw("create extension if not exists pg_trgm");
    await knex.raw("create index guests_search_text_trgm on guests using gin (search_text gin_trgm_ops)");
    await knex.raw("create index guests_answers_gin on guests using gin (answers jsonb_path_ops)");
  }

  await knex.schema.createTable("guest_views", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    t.uuid("user_id").nullable().references("id").inTable("users").onDelete("CASCADE");
    t.string("name", 100).notNullable();
    t.json("query").notNullable(); // filters, search, sort, columns
    timestamps(t);
  });

  await knex.schema.createTable("duplicate_ignores", (t) => {
    eventScoped(t);
    t.uuid("guest_a_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    t.uuid("guest_b_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.primary(["guest_a_id", "guest_b_id"]);
  });

  await knex.schema.createTable("recommendations", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    t.uuid("recommender_guest_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    t.string("first_name", 100).nullable();
    t.string("last_name", 100).nullable();
    t.string("email", 254).notNullable();
    t.string("company", 200).nullable();
    t.string("status", 20).notNullable().defaultTo("pending");
    t.uuid("guest_id").nullable().references("id").inTable("guests").onDelete("SET NULL");
    t.timestamp("decided_at", { useTz: true }).nullable();
    timestamps(t);
    t.index(["event_id", "status"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("recommendations");
  await knex.schema.dropTable("duplicate_ignores");
  await knex.schema.dropTable("guest_views");
  await knex.schema.dropTable("guests");
  await knex.raw("drop index custom_fields_event_id_lower_name_unique");
  await knex.schema.dropTable("custom_fields");
}
