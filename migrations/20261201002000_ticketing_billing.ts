import type { Knex } from "knex";
import { accountRef, timestamps, uuidPrimary } from "./helpers.ts";

/**
 * Ticketing's billing and parameters (spec §3 Organizer/billing, §4 ticket office and card payment mode):
 * the account's organizers (the legal entities that bill, each with its SIRET) and each event's ticketing
 * parameters (ticket office opened or closed, test or live mode, terms, payment methods, the organizer that
 * bills). Share capital is in integer cents.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("organizers", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("corporate_name", 200).notNullable();
    t.string("legal_structure", 100).nullable();
    t.bigInteger("share_capital_cents").nullable();
    t.string("siret", 14).notNullable();
    t.string("rcs_number", 100).nullable();
    t.string("street", 300).nullable();
    t.string("zip", 20).nullable();
    t.string("city", 100).nullable();
    t.string("vat_status", 20).notNullable(); // subject | margin
    t.string("vat_number", 30).nullable();
    t.text("legal_mentions").nullable();
    timestamps(t);
  });

  await knex.schema.createTable("ticketing_params", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.uuid("event_id").notNullable().unique().references("id").inTable("events").onDelete("CASCADE");
    t.string("ticket_office", 10).notNullable().defaultTo("closed"); // opened | closed
    t.string("mode", 10).notNullable().defaultTo("test"); // test | live
    t.text("terms").nullable();
    t.json("payment_methods").notNullable(); // card | transfer | desk
    // Organizers are never deleted one by one (no route does); deleting the account takes both tables.
    t.uuid("organizer_id").nullable().references("id").inTable("organizers").onDelete("SET NULL");
    t.timestamp("sales_started_at", { useTz: true }).nullable();
    timestamps(t);
    t.index(["organizer_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("ticketing_params");
  await knex.schema.dropTable("organizers");
}
