import type { Knex } from "knex";
import { accountRef, uuidPrimary } from "./helpers.ts";

/**
 * Credits (issue 15 item 4, spec §3 "Credit pack: amount, expiry date, author; event credits and campaign credits
 * per account"). `credit_packs` holds what a platform administrator added: its kind (shared CREDIT_KINDS), the
 * amount added, what is left of it and the instant it expires (the end of the expiry day, UTC). Every change of a
 * pack's `remaining` is a row of `credit_movements`, written in the same transaction: `delta` added (+) or taken
 * (-) and why (`add`, `debit`, `send`, `refund` …), with the campaign and recipient a send or a bounce is about
 * (plain uuids: the ledger outlives them), and who did it. One operation over several packs shares its
 * `operation_id`. A pack's `remaining` is always the sum of its movements' deltas.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("credit_packs", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("kind", 16).notNullable();
    t.integer("amount").notNullable();
    t.integer("remaining").notNullable();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.uuid("author_user_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.check("?? > 0", ["amount"], "credit_packs_amount_positive");
    t.check("?? >= 0 and ?? <= ??", ["remaining", "remaining", "amount"], "credit_packs_remaining_in_amount");
    // Debits read an account's packs of one kind by expiry.
    t.index(["account_id", "kind", "expires_at"]);
  });
  await knex.schema.createTable("credit_movements", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("kind", 16).notNullable();
    t.uuid("pack_id").notNullable().references("id").inTable("credit_packs").onDelete("CASCADE");
    t.uuid("operation_id").notNullable();
    t.integer("delta").notNullable();
    t.string("reason", 16).notNullable();
    t.string("note", 500).nullable();
    t.uuid("campaign_id").nullable();
    t.uuid("recipient_id").nullable();
    t.uuid("author_user_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.check("?? <> 0", ["delta"], "credit_movements_delta_not_zero");
    t.index(["account_id", "kind", "created_at"]);
    t.index(["pack_id"]);
    // A recipient's debits, read to give credits back (bounces).
    t.index(["recipient_id"]);
    t.index(["campaign_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("credit_movements");
  await knex.schema.dropTable("credit_packs");
}
