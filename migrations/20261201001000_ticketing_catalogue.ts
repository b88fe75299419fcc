import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

/**
 * Ticketing's catalogue (issue 14, spec §3 Category): an event's ticket categories, each top-level or a
 * subcategory of one, ordered by position among its siblings; a ticket belongs to a category or a subcategory.
 *
 * A category's tickets keep living when it goes (`SET NULL`), but the API refuses to delete a category that holds
 * tickets, so this only serves the event's own deletion, which cascades to both. A ticket's tax rate stays in
 * `tickets.tax_percent` (decimal 5,2): the API speaks basis points, which it holds exactly (2000 bp = 20.00).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("ticket_categories", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("parent_id").nullable().references("id").inTable("ticket_categories").onDelete("CASCADE");
    t.string("name", 100).notNullable();
    t.string("color", 7).notNullable();
    t.integer("position").notNullable().defaultTo(0);
    timestamps(t);
    t.index(["event_id", "position"]);
    t.index(["parent_id"]);
  });

  await knex.schema.alterTable("tickets", (t) => {
    t.uuid("category_id").nullable().references("id").inTable("ticket_categories").onDelete("SET NULL");
    t.index(["category_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("tickets", (t) => {
    t.dropForeign(["category_id"]);
    t.dropIndex(["category_id"]);
    t.dropColumn("category_id");
  });
  await knex.schema.dropTable("ticket_categories");
}
