import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

/**
 * Ticketing's coupons (issue 14, spec §3 Coupon): a code of 1 to 15 characters without whitespace, kept as typed
 * and unique per event whatever its case (`code_key` is its lower-case form, under a unique index, so two
 * concurrent creations cannot both win); an amount off in cents or a percent off in basis points (exactly one,
 * checked by the API), max redemptions (null: unlimited), combinable or not, a redeem-by date (null: none) and the
 * tickets it applies to (`coupon_tickets`; none: every ticket of the event). Deleting a ticket drops it from the
 * coupons' lists; deleting the event removes its coupons.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("coupons", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("code", 60).notNullable();
    t.string("code_key", 60).notNullable();
    t.integer("amount_off_cents").nullable();
    t.integer("percent_off_bp").nullable();
    t.integer("max_redemptions").nullable();
    t.boolean("combinable").notNullable().defaultTo(false);
    t.timestamp("redeem_by", { useTz: true }).nullable();
    timestamps(t);
    t.unique(["event_id", "code_key"]);
  });
  await knex.schema.createTable("coupon_tickets", (t) => {
    t.uuid("coupon_id").notNullable().references("id").inTable("coupons").onDelete("CASCADE");
    t.uuid("ticket_id").notNullable().references("id").inTable("tickets").onDelete("CASCADE");
    t.primary(["coupon_id", "ticket_id"]);
    t.index(["ticket_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("coupon_tickets");
  await knex.schema.dropTable("coupons");
}
