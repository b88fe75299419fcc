import type { Knex } from "knex";

/** created_at / updated_at in UTC, stored as timestamptz on PostgreSQL and ISO text on SQLite. */
export function timestamps(table: Knex.CreateTableBuilder): void {
  table.timestamp("created_at", { useTz: true }).notNullable();
  table.timestamp("updated_at", { useTz: true }).notNullable();
}

export function uuidPrimary(table: Knex.CreateTableBuilder): void {
  table.uuid("id").primary();
}

export function accountRef(table: Knex.CreateTableBuilder, nullable = false): void {
  const column = table.uuid("account_id").references("id").inTable("accounts").onDelete("CASCADE");
  if (!nullable) column.notNullable();
  table.index(["account_id"]);
}
