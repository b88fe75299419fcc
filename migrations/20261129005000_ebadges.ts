import type { Knex } from "knex";
import { accountRef, timestamps, uuidPrimary } from "./helpers.ts";

/**
 * E-badges (spec §3 Ebadge, issue 12 item 5): an event's badge templates (page, background image in file
 * storage, blocks and conditions as JSON), every print of a guest's badge with who printed it and why
 * (reprint control), and the bulk prints run as jobs with their progress and their PDF.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("ebadges", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("name", 100).notNullable();
    t.string("format", 4).notNullable().defaultTo("a4");
    t.string("orientation", 10).notNullable().defaultTo("portrait");
    t.boolean("is_enabled").notNullable().defaultTo(true);
    t.json("blocks").notNullable();
    t.json("conditions").nullable();
    t.string("background_storage_key", 255).nullable();
    t.string("background_name", 255).nullable();
    t.string("background_mime_type", 20).nullable();
    t.integer("background_size").nullable();
    t.integer("background_width").nullable();
    t.integer("background_height").nullable();
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    timestamps(t);
    t.index(["event_id", "created_at"]);
  });
  await knex.schema.createTable("ebadge_batches", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("status", 10).notNullable();
    t.string("layout", 10).notNullable();
    t.json("query").notNullable();
    t.string("reason", 500).nullable();
    t.integer("total").notNullable().defaultTo(0);
    t.integer("processed").notNullable().defaultTo(0);
    t.integer("printed").notNullable().defaultTo(0);
    t.integer("skipped_printed").notNullable().defaultTo(0);
    t.integer("without_badge").notNullable().defaultTo(0);
    t.string("storage_key", 255).nullable();
    t.bigInteger("size").nullable();
    t.string("error_code", 60).nullable();
    t.uuid("requested_by_user_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.uuid("requested_by_api_key_id").nullable();
    t.string("language", 8).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("started_at", { useTz: true }).nullable();
    t.timestamp("finished_at", { useTz: true }).nullable();
    t.index(["event_id", "created_at"]);
  });
  await knex.schema.createTable("ebadge_prints", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("guest_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    // The template printed; the log outlives it.
    t.uuid("ebadge_id").nullable().references("id").inTable("ebadges").onDelete("SET NULL");
    t.uuid("batch_id").nullable().references("id").inTable("ebadge_batches").onDelete("SET NULL");
    t.integer("print_number").notNullable();
    t.string("source", 10).notNullable();
    t.string("reason", 500).nullable();
    t.uuid("printed_by_user_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.uuid("printed_by_api_key_id").nullable();
    t.boolean("printed_by_guest").notNullable().defaultTo(false);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.unique(["event_id", "guest_id", "print_number"]);
    t.index(["batch_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("ebadge_prints");
  await knex.schema.dropTable("ebadge_batches");
  await knex.schema.dropTable("ebadges");
}
