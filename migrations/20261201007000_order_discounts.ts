import type { Knex } from "knex";

/**
 * The automatic discounts an order took (issue 14, spec §7 `discounts`), with what each took off: counted against a
 * discount's max uses while the order lives, as order_coupons are against a coupon's max redemptions.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("order_discounts", (t) => {
    t.uuid("order_id").notNullable().references("id").inTable("orders").onDelete("CASCADE");
    t.uuid("discount_id").notNullable().references("id").inTable("discounts").onDelete("CASCADE");
    t.integer("amount_cents").notNullable();
    t.primary(["order_id", "discount_id"]);
    t.index(["discount_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("order_discounts");
}
