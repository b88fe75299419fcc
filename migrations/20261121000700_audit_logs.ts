import type { Knex } from "knex";
import { uuidPrimary } from "./helpers.ts";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("audit_logs", (t) => {
    uuidPrimary(t);
    // No foreign keys: the trail must outlive what it describes.
    t.uuid("account_id").nullable();
    t.uuid("event_id").nullable();
    t.uuid("actor_user_id").nullable();
    t.uuid("actor_api_key_id").nullable();
    t.string("action", 60).notNullable();
    t.string("subject_type", 40).notNullable();
    t.uuid("subject_id").nullable();
    t.json("before").nullable();
    t.json("after").nullable();
    t.string("ip", 64).nullable();
    t.string("request_id", 64).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["account_id", "created_at"]);
    t.index(["subject_type", "subject_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("audit_logs");
}
