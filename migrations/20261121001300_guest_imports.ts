import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

/**
 * Guest imports (spec §3 CSV import): one row per uploaded file, from upload through mapping to
 * processing, with its progress counters and where its error report is stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("guest_imports", (t) => {
    uuidPrimary(t);
    t.uuid("account_id").notNullable().references("id").inTable("accounts").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.uuid("created_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    t.string("status", 20).notNullable(); // uploaded | mapped | processing | done | failed | cancelled
    t.string("file_name", 255).nullable();
    t.string("file_key", 200).notNullable();
    t.string("encoding", 20).notNullable(); // utf-8 | windows-1252
    t.string("separator", 1).notNullable();
    t.boolean("has_headers").notNullable();
    t.json("headers").notNullable(); // column titles (or "Column N")
    t.json("mapping").nullable(); // {columnIndex: target}
    t.integer("total_rows").notNullable().defaultTo(0);
    t.integer("processed_rows").notNullable().defaultTo(0);
    t.integer("created_rows").notNullable().defaultTo(0);
    t.integer("updated_rows").notNullable().defaultTo(0);
    t.integer("failed_rows").notNullable().defaultTo(0);
    t.string("error_report_key", 200).nullable();
    t.timestamp("started_at", { useTz: true }).nullable();
    t.timestamp("finished_at", { useTz: true }).nullable();
    t.timestamp("heartbeat_at", { useTz: true }).nullable();
    timestamps(t);
    t.index(["event_id", "created_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("guest_imports");
}
