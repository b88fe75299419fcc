import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

/**
 * Ticketing's invoices and credit notes (issue 14 item 6).
 *
 * - `invoices`: one row per issued document, `kind` 'invoice' (an order's, at most one: a partial unique index on
 *   `order_id`) or 'credit_note' (a refund's, at most one: `refund_id` is unique; it refers to the order's
 *   invoice by `refers_to_invoice_id`). `number` is the printed number ("F-2026-000001", "AV-2026-000001"),
 *   unique per organizer, from `sequence`, unique per organizer and kind. `snapshot` holds everything the PDF
 *   prints (seller's legal details, buyer, lines, totals, VAT breakdown) as it was when issued: a later change of
 *   the organizer or the order never alters an issued document. The totals are copied out of it for lists.
 *   An issued document is never deleted on its own, nor are its organizer, order or refund while it exists: those
 *   references refuse the delete (`NO ACTION`, deferred to the commit on PostgreSQL, whose cascades run as statements
 *   of their own), so only deleting the whole event or account takes them, as the ticketing tables do.
 * - `invoice_counters`: the next sequence number per organizer and kind. Taken under a row lock in the transaction
 *   that writes the document, so the numbers are sequential without gaps (a French legal requirement): a
 *   transaction rolled back gives its number back.
 */
export async function up(knex: Knex): Promise<void> {
  const isPg = knex.client.config.client === "pg";
  /** A reference that refuses the delete of its target alone, checked as late as the database allows. */
  const guarded = (column: Knex.ReferencingColumnBuilder) => {
    const reference = column.onDelete("NO ACTION");
    if (isPg) reference.deferrable("deferred");
  };
  await knex.schema.createTable("invoices", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    guarded(t.uuid("organizer_id").notNullable().references("id").inTable("organizers"));
    guarded(t.uuid("order_id").notNullable().references("id").inTable("orders"));
    guarded(t.uuid("refund_id").nullable().unique().references("id").inTable("refunds"));
    t.string("kind", 20).notNullable(); // invoice | credit_note
    t.string("number", 30).notNullable();
    t.integer("sequence").notNullable();
    guarded(t.uuid("refers_to_invoice_id").nullable().references("id").inTable("invoices"));
    t.timestamp("issued_at", { useTz: true }).notNullable();
    t.string("currency", 3).notNullable();
    // Positive amounts; a credit note's are what it gives back (printed negative).
    t.integer("total_excl_tax_cents").notNullable();
    t.integer("total_tax_cents").notNullable();
    t.integer("total_incl_tax_cents").notNullable();
    t.json("snapshot").notNullable();
    timestamps(t);
    t.unique(["organizer_id", "number"]);
    t.unique(["organizer_id", "kind", "sequence"]);
    t.index(["order_id"]);
    t.index(["event_id", "issued_at"]);
    t.index(["refers_to_invoice_id"]);
  });
  // An order has at most one invoice (its credit notes share its order_id).
  await knex.raw("create unique index invoices_one_per_order on invoices (order_id) where kind = 'invoice'");

  await knex.schema.createTable("invoice_counters", (t) => {
    t.uuid("organizer_id").notNullable().references("id").inTable("organizers").onDelete("CASCADE");
    t.string("kind", 20).notNullable();
    t.integer("next").notNullable();
    t.primary(["organizer_id", "kind"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("invoice_counters");
  await knex.schema.dropTable("invoices");
}
