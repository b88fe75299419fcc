import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

/**
 * The event's forms (spec §3 Form): registration forms, satisfaction surveys and companion forms, draft or
 * online. Items (questions naming the event's custom fields, texts, conditional groups …) are one JSON
 * tree, read and written whole by the builder.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("forms", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("type", 20).notNullable();
    t.string("state", 10).notNullable().defaultTo("draft");
    t.string("title", 200).notNullable();
    t.json("items").notNullable();
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    timestamps(t);
    t.index(["event_id", "created_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("forms");
}
