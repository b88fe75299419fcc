import type { Knex } from "knex";
import { timestamps, uuidPrimary } from "./helpers.ts";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("accounts", (t) => {
    uuidPrimary(t);
    t.string("name", 150).notNullable();
    t.integer("max_organizers").nullable();
    t.integer("max_events").nullable();
    t.integer("max_campaigns_per_event").nullable();
    t.integer("event_retention_days").nullable();
    t.boolean("two_factor_enabled").notNullable().defaultTo(false);
    t.boolean("multilang").notNullable().defaultTo(false);
    t.string("default_platform_domain", 253).nullable();
    t.boolean("is_active").notNullable().defaultTo(true);
    timestamps(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("accounts");
}
