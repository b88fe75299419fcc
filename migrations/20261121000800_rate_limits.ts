import type { Knex } from "knex";

/**
 * Counters of the brute-force limits (rate-limiter-flexible's PostgreSQL store), shared by every API
 * process. The columns are the ones the library reads and writes: key, points, expire (epoch ms).
 * Created on SQLite too so both databases have the same schema (SQLite uses in-memory counters).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("rate_limits", (t) => {
    t.string("key", 255).primary();
    t.integer("points").notNullable().defaultTo(0);
    t.bigInteger("expire").nullable();
    t.index(["expire"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("rate_limits");
}
