import type { Knex } from "knex";
import { uuidPrimary } from "./helpers.ts";

/**
 * What went wrong, kept where the team looks (the error page says "our team has been informed"): every
 * unexpected server error and every crash the web app reports, with the reference the user is shown.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("error_reports", (t) => {
    uuidPrimary(t);
    t.string("source", 10).notNullable(); // server | web
    t.string("request_id", 64).notNullable();
    t.string("method", 10).nullable();
    t.string("path", 2000).nullable();
    t.text("message").notNullable();
    t.text("stack").nullable();
    // No foreign keys: a report outlives what it mentions.
    t.uuid("user_id").nullable();
    t.string("user_agent", 500).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["created_at"]);
    t.index(["request_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("error_reports");
}
