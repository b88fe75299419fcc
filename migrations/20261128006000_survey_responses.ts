import type { Knex } from "knex";

/** Who answered a satisfaction survey, once each (issue 11); the answers themselves are the guest's. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("survey_responses", (t) => {
    t.uuid("form_id").notNullable().references("id").inTable("forms").onDelete("CASCADE");
    t.uuid("guest_id").notNullable().references("id").inTable("guests").onDelete("CASCADE");
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.timestamp("answered_at", { useTz: true }).notNullable();
    t.primary(["form_id", "guest_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("survey_responses");
}
