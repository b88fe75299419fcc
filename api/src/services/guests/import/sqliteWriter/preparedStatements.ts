import type BetterSqlite3 from "better-sqlite3";

import { snakeColumn as snake } from "../columnNames.ts";

/** A value as better-sqlite3 binds it (it refuses undefined and booleans). */
export function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

const prepared = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/** A statement prepared once per connection (an import runs the same ones for each of its pieces). */
export function preparedOn(connection: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let statements = prepared.get(connection);
  if (!statements) prepared.set(connection, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = connection.prepare(sql)));
  return statement;
}

/**
 * INSERT … ON CONFLICT (id) DO UPDATE of guest rows given as values in `columns`' order (camelCase names):
 * a row already written by an earlier run of the import is written again, never twice.
 */
export function upsertGuestSql(columns: readonly string[], updateColumns: readonly string[]): string {
  const updates = updateColumns.map((column) => `"${snake(column)}" = excluded."${snake(column)}"`).join(", ");
  return (
    `insert into guests (${columns.map((column) => `"${snake(column)}"`).join(", ")}) ` +
    `values (${columns.map(() => "?").join(", ")}) on conflict (id) do update set ${updates}`
  );
}
