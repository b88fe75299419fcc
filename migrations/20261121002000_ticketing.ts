import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

function eventScoped(t: Knex.CreateTableBuilder): void {
  t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
  t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
}

/**
 * Ticketing's data model (spec §3 Ticket and Order): ticket types with their price periods, orders
 * placed by a guest and their items, each item held by a guest. Amounts are integer cents.
 *
 * References that must never vanish silently (an order's buyer, an item's ticket type) refuse the
 * delete, but are not `RESTRICT`: deleting the whole event cascades to guests, tickets and orders
 * alike, and a check made before the orders are gone would refuse it. They are `NO ACTION`, checked
 * at the end of the statement on SQLite (cascades included) and, on PostgreSQL (whose cascades run
 * as statements of their own), deferred to the commit. Deleting one guest goes through the guests'
 * deletion guards and steps (api/src/services/orders/guestHooks.ts) that refuse live buyers and
 * holders and detach the orders of the others first.
 */
export async function up(knex: Knex): Promise<void> {
  const isPg = knex.client.config.client === "pg";
  /** A reference that refuses the delete of its target, checked as late as the database allows. */
  const guarded = (column: Knex.ReferencingColumnBuilder) => {
    const reference = column.onDelete("NO ACTION");
    if (isPg) reference.deferrable("deferred");
  };
  await knex.schema.createTable("tickets", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    t.string("caption", 200).notNullable();
    t.text("description").nullable();
    t.decimal("tax_percent", 5, 2).nullable(); // null: no VAT
    t.integer("max_quantity").nullable(); // null: unlimited
    t.boolean("is_option").notNullable().defaultTo(false);
    t.boolean("is_on_sale").notNullable().defaultTo(false);
    t.string("category", 200).nullable();
    t.integer("position").notNullable().defaultTo(0);
    timestamps(t);
    t.index(["event_id", "position"]);
  });

  await knex.schema.createTable("ticket_price_periods", (t) => {
    uuidPrimary(t);
    t.uuid("ticket_id").notNullable().references("id").inTable("tickets").onDelete("CASCADE");
    t.timestamp("starts_at", { useTz: true }).notNullable();
    t.timestamp("ends_at", { useTz: true }).nullable();
    t.integer("price_incl_tax_cents").notNullable();
    t.integer("price_excl_tax_cents").notNullable();
    timestamps(t);
    t.index(["ticket_id", "starts_at"]);
  });

  await knex.schema.createTable("orders", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    // Null only once the buyer was deleted while the order was dead (cancelled or refunded).
    guarded(t.uuid("guest_id").nullable().references("id").inTable("guests"));
    t.string("status", 30).notNullable();
    t.string("payment_method", 30).nullable();
    t.integer("total_excl_tax_cents").notNullable().defaultTo(0);
    t.integer("total_incl_tax_cents").notNullable().defaultTo(0);
    t.string("currency", 3).notNullable().defaultTo("EUR");
    t.string("billing_name", 200).nullable();
    t.string("address", 300).nullable();
    t.string("zip", 20).nullable();
    t.string("city", 100).nullable();
    t.boolean("is_company").nullable();
    t.string("siret", 14).nullable();
    t.timestamp("ordered_at", { useTz: true }).notNullable();
    timestamps(t);
    t.index(["event_id", "status"]);
    t.index(["guest_id"]);
  });

  await knex.schema.createTable("order_items", (t) => {
    uuidPrimary(t);
    t.uuid("order_id").notNullable().references("id").inTable("orders").onDelete("CASCADE");
    guarded(t.uuid("ticket_id").notNullable().references("id").inTable("tickets"));
    t.uuid("holder_guest_id").nullable().references("id").inTable("guests").onDelete("SET NULL");
    t.integer("quantity").notNullable();
    t.integer("unit_price_incl_tax_cents").notNullable();
    t.integer("unit_price_excl_tax_cents").notNullable();
    t.decimal("tax_percent", 5, 2).nullable();
    t.integer("refunded_quantity").notNullable().defaultTo(0);
    timestamps(t);
    t.index(["order_id"]);
    t.index(["holder_guest_id"]);
    t.index(["ticket_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("order_items");
  await knex.schema.dropTable("orders");
  await knex.schema.dropTable("ticket_price_periods");
  await knex.schema.dropTable("tickets");
}
