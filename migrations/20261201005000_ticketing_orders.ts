import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

/**
 * Ticketing's orders engine (issue 14): holds, payments, refunds and the webhook events already handled.
 *
 * - `orders.hold_expires_at`: a cart (and an order waiting for its card payment) keeps its places until then;
 *   past it the places count as free again, and a payment that still succeeds is rechecked at capture.
 *   `orders.mode` is the ticketing mode (test or live) the order was placed in; `terms_accepted_at` when the
 *   buyer accepted the terms; `reference` is the short code people quote (a bank transfer's reference), random and unique per event.
 * - `order_items.discount_*_cents`: what coupons and discounts took off the line (its amounts are before them).
 * - `tickets.live_places`: the units of the ticket in live orders (completed, awaiting payment, partially refunded)
 *   not refunded, kept by the order pipeline under the ticket's lock, so a quota check reads one row plus the
 *   carts still holding places instead of summing every order the ticket ever had.
 * - `order_coupons`: the coupons an order redeems; counted against a coupon's max redemptions while the order lives.
 * - `payments`: one row per payment attempt, written (with its id, the Idempotency-Key of the Stripe calls) before
 *   Stripe is called, so a crash between Stripe's answer and our commit recovers to that one PaymentIntent.
 *   `captured_cents` and `refunded_cents` only ever change under a lock on the row: refunds never pass the capture.
 * - `refunds`: a refund of some or all items, written before Stripe is called (its id is the Idempotency-Key).
 * - `stripe_events`: the ids of the webhook events handled; the primary key makes a replayed event a no-op, in
 *   the same transaction as what the event changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.string("reference", 12).nullable();
    t.string("mode", 10).notNullable().defaultTo("test");
    t.timestamp("hold_expires_at", { useTz: true }).nullable();
    t.timestamp("terms_accepted_at", { useTz: true }).nullable();
    t.string("email", 254).nullable();
    t.string("phone", 30).nullable();
    t.string("language", 5).nullable();
    t.unique(["event_id", "reference"]);
    t.index(["status", "hold_expires_at"]);
  });

  await knex.schema.alterTable("tickets", (t) => {
    t.integer("live_places").notNullable().defaultTo(0);
  });

  await knex.schema.alterTable("order_items", (t) => {
    t.integer("discount_incl_tax_cents").notNullable().defaultTo(0);
    t.integer("discount_excl_tax_cents").notNullable().defaultTo(0);
  });

  await knex.schema.createTable("order_coupons", (t) => {
    t.uuid("order_id").notNullable().references("id").inTable("orders").onDelete("CASCADE");
    t.uuid("coupon_id").notNullable().references("id").inTable("coupons").onDelete("CASCADE");
    t.integer("amount_cents").notNullable();
    t.primary(["order_id", "coupon_id"]);
    t.index(["coupon_id"]);
  });

  await knex.schema.createTable("payments", (t) => {
    uuidPrimary(t);
    t.uuid("order_id").notNullable().references("id").inTable("orders").onDelete("CASCADE");
    t.string("provider", 20).notNullable(); // stripe | offline
    t.string("mode", 10).notNullable();
    t.string("status", 30).notNullable(); // pending | requires_action | succeeded | failed | cancelled
    t.string("intent_id", 100).nullable().unique();
    // The card's PaymentMethod id (never card data): a recovery asks Stripe again with the very same parameters.
    t.string("provider_method_id", 100).nullable();
    t.integer("amount_cents").notNullable();
    t.integer("captured_cents").notNullable().defaultTo(0);
    t.integer("refunded_cents").notNullable().defaultTo(0);
    t.string("failure_code", 60).nullable();
    timestamps(t);
    t.index(["order_id"]);
  });

  await knex.schema.createTable("refunds", (t) => {
    uuidPrimary(t);
    t.uuid("order_id").notNullable().references("id").inTable("orders").onDelete("CASCADE");
    t.uuid("payment_id").nullable().references("id").inTable("payments").onDelete("CASCADE");
    t.string("status", 20).notNullable(); // pending | succeeded | failed
    t.string("reason", 30).notNullable(); // organizer | late_payment
    t.integer("amount_cents").notNullable();
    t.json("items").notNullable(); // [{ itemId, quantity }]
    t.string("provider_refund_id", 100).nullable();
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    timestamps(t);
    t.index(["order_id"]);
  });

  await knex.schema.createTable("stripe_events", (t) => {
    t.string("id", 100).primary();
    t.string("type", 100).notNullable();
    t.timestamp("received_at", { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("stripe_events");
  await knex.schema.dropTable("refunds");
  await knex.schema.dropTable("payments");
  await knex.schema.dropTable("order_coupons");
  await knex.schema.alterTable("tickets", (t) => {
    t.dropColumn("live_places");
  });
  await knex.schema.alterTable("order_items", (t) => {
    t.dropColumn("discount_incl_tax_cents");
    t.dropColumn("discount_excl_tax_cents");
  });
  await knex.schema.alterTable("orders", (t) => {
    t.dropIndex(["status", "hold_expires_at"]);
    t.dropUnique(["event_id", "reference"]);
    for (const column of ["reference", "mode", "hold_expires_at", "terms_accepted_at", "email", "phone", "language"]) {
      t.dropColumn(column);
    }
  });
}
