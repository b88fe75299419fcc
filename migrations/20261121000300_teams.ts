import type { Knex } from "knex";
import { accountRef, timestamps, uuidPrimary } from "./helpers.ts";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("teams", (t) => {
    uuidPrimary(t);
    accountRef(t);
    t.string("name", 150).notNullable();
    t.text("description").nullable();
    timestamps(t);
    t.unique(["account_id", "name"]);
  });
  await knex.schema.createTable("team_members", (t) => {
    t.uuid("team_id").notNullable().references("id").inTable("teams").onDelete("CASCADE");
    t.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.primary(["team_id", "user_id"]);
    t.index(["user_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("team_members");
  await knex.schema.dropTable("teams");
}
