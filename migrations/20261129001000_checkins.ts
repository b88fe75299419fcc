import type { Knex } from "knex";
import { uuidPrimary, timestamps } from "./helpers.ts";

function eventScoped(t: Knex.CreateTableBuilder): void {
  t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
  t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
}

/**
 * Check-in (spec §3 Check-in session, §7 checkins and checkincodes):
 * - checkins: an event's sessions, their rules (a condition engine tree), displayed fields and options;
 * - checkin_codes: the access codes desks sign in with, hashed at rest;
 * - checkin_desk_tokens: what a code gave a desk (hashed), its last connection: revoked with the code;
 * - checkin_entries: one row per guest and session, the guest's entry state: the row two desks scanning one
 *   guest at once contend for (its primary key and a row lock make exactly one of them the entry);
 * - checkin_scans: every attempt, unique by the client's scan id within its session (a repeat records nothing).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("checkins", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    t.string("name", 100).notNullable();
    t.string("type", 10).notNullable();
    t.string("status", 10).notNullable().defaultTo("enabled");
    t.json("conditions").nullable();
    t.json("displayed_fields").notNullable();
    t.boolean("multiple_entries").notNullable().defaultTo(false);
    t.boolean("reentry_after_exit").notNullable().defaultTo(false);
    t.boolean("exit_scans").notNullable().defaultTo(false);
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    timestamps(t);
    t.index(["event_id", "created_at"]);
  });

  await knex.schema.createTable("checkin_codes", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    t.uuid("checkin_id").notNullable().references("id").inTable("checkins").onDelete("CASCADE");
    t.string("code_hash", 64).notNullable().unique();
    t.string("hint", 4).notNullable();
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("revoked_at", { useTz: true }).nullable();
    t.index(["checkin_id", "created_at"]);
  });

  await knex.schema.createTable("checkin_desk_tokens", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    t.uuid("checkin_id").notNullable().references("id").inTable("checkins").onDelete("CASCADE");
    t.uuid("code_id").notNullable().references("id").inTable("checkin_codes").onDelete("CASCADE");
    t.string("token_hash", 64).notNullable().unique();
    t.string("desk", 100).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("last_seen_at", { useTz: true }).notNullable();
    t.string("last_address", 100).nullable();
    t.timestamp("revoked_at", { useTz: true }).nullable();
    t.index(["checkin_id", "last_seen_at"]);
    t.index(["event_id", "last_seen_at"]);
    t.index(["code_id"]);
  });

  await knex.schema.createTable("checkin_entries", (t) => {
    t.uuid("checkin_id").notNullable().references("id").inTable("checkins").onDelete("CASCADE");
    t.uuid("guest_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    t.string("state", 3).notNullable();
    t.integer("entries").notNullable().defaultTo(0);
    t.integer("exits").notNullable().defaultTo(0);
    t.timestamp("first_in_at", { useTz: true }).nullable();
    /** The scan (checkin_scans.id) that let the guest in last: when, at which desk, by whom. */
    t.uuid("last_in_scan_id").nullable();
    t.timestamp("last_in_at", { useTz: true }).nullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.primary(["checkin_id", "guest_id"]);
    t.index(["guest_id"]);
  });

  await knex.schema.createTable("checkin_scans", (t) => {
    uuidPrimary(t);
    eventScoped(t);
    t.uuid("checkin_id").notNullable().references("id").inTable("checkins").onDelete("CASCADE");
    t.uuid("scan_id").notNullable();
    t.uuid("guest_id").nullable().references("id").inTable("guests").onDelete("SET NULL");
    t.string("result", 30).notNullable();
    t.string("direction", 3).notNullable();
    t.boolean("forced").notNullable().defaultTo(false);
    t.boolean("flagged").notNullable().defaultTo(false);
    t.boolean("offline").notNullable().defaultTo(false);
    t.string("desk", 100).nullable();
    t.uuid("user_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.uuid("desk_token_id").nullable().references("id").inTable("checkin_desk_tokens").onDelete("SET NULL");
    t.timestamp("scanned_at", { useTz: true }).notNullable();
    t.timestamp("received_at", { useTz: true }).notNullable();
    /** The answer's details (the guest's fields, the previous entry, the rule in words …), given again to a repeat. */
    t.json("answer").notNullable();
    t.unique(["checkin_id", "scan_id"]);
    t.index(["checkin_id", "result"]);
    t.index(["checkin_id", "desk"]);
    t.index(["guest_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("checkin_scans");
  await knex.schema.dropTable("checkin_entries");
  await knex.schema.dropTable("checkin_desk_tokens");
  await knex.schema.dropTable("checkin_codes");
  await knex.schema.dropTable("checkins");
}
