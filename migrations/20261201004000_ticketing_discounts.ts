import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

/**
 * Ticketing's automatic discounts (issue 14, spec §7 `discounts`): a discount applies without a code when its
 * conditions hold (pretix's "automatic discounts"). A name; an amount off in cents or a percent off in basis
 * points (exactly one, checked by the API); the tickets it applies to (`discount_tickets`; none: every ticket
 * of the event) and the least number of those tickets the order must hold (`min_quantity`); a validity window
 * (`valid_from` inclusive, `valid_until` exclusive, each null: open); max uses (null: unlimited); an active flag;
 * combinable with coupons or not; a position, the order in which discounts apply. Deleting a ticket drops it from
 * the discounts' lists; deleting the event removes its discounts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("discounts", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("name", 100).notNullable();
    t.integer("amount_off_cents").nullable();
    t.integer("percent_off_bp").nullable();
    t.integer("min_quantity").notNullable().defaultTo(1);
    t.timestamp("valid_from", { useTz: true }).nullable();
    t.timestamp("valid_until", { useTz: true }).nullable();
    t.integer("max_uses").nullable();
    t.boolean("is_active").notNullable().defaultTo(true);
    t.boolean("combinable_with_coupons").notNullable().defaultTo(false);
    t.integer("position").notNullable().defaultTo(0);
    timestamps(t);
    t.index(["event_id", "position"]);
  });
  await knex.schema.createTable("discount_tickets", (t) => {
    t.uuid("discount_id").notNullable().references("id").inTable("discounts").onDelete("CASCADE");
    t.uuid("ticket_id").notNullable().references("id").inTable("tickets").onDelete("CASCADE");
    t.primary(["discount_id", "ticket_id"]);
    t.index(["ticket_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("discount_tickets");
  await knex.schema.dropTable("discounts");
}
