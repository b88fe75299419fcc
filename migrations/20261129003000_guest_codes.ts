import type { Knex } from "knex";
import { accountRef, uuidPrimary } from "./helpers.ts";

/**
 * Signed guest entry codes (issue 12, item 2). An event's Ed25519 signing keys, numbered within the event
 * (the number is the key id a code carries), the private key only encrypted with a key derived from the
 * server's secret (TESSERA_SECRET); a key verifies until it is retired. And every code issued to a guest:
 * its serial (unique within the event, what a revocation names), the key that signed it, when it was
 * issued, and when and by whom it was revoked. A guest has at most one code not revoked: re-issuing
 * revokes the old one. `guest_id` carries no foreign key on purpose: a deleted (or merged-away) guest's
 * codes stay, and count as revoked for the desks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("guest_code_keys", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.integer("number").notNullable();
    // base64url of the 32-byte public key
    t.string("public_key", 64).notNullable();
    // "v1.<base64url of iv ‖ ciphertext ‖ tag>": AES-256-GCM of the 32-byte seed (api/src/services/checkin-codes/keyVault.ts)
    t.text("private_key_encrypted").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("retired_at", { useTz: true }).nullable();
    t.unique(["event_id", "number"]);
  });
  await knex.schema.createTable("guest_codes", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("guest_id").notNullable();
    t.integer("serial").notNullable();
    t.uuid("key_id").notNullable().references("id").inTable("guest_code_keys").onDelete("CASCADE");
    t.timestamp("issued_at", { useTz: true }).notNullable();
    t.timestamp("revoked_at", { useTz: true }).nullable();
    t.uuid("revoked_by_user_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.unique(["event_id", "serial"]);
    t.index(["event_id", "guest_id"]);
    t.index(["key_id"]);
  });
  // One code in force per guest (both databases take a partial unique index).
  await knex.raw(
    "create unique index guest_codes_one_live_per_guest on guest_codes (guest_id) where revoked_at is null",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("guest_codes");
  await knex.schema.dropTable("guest_code_keys");
}
