import { createHash } from "node:crypto";
import { isPostgres } from "./dialect.ts";
import type { Knex } from "./knex.ts";

const names = new Map<string, string>();

/**
 * `query` as a prepared statement named after its text, on PostgreSQL: each connection parses and plans it once,
 * not at every run (for the hot paths' statements whose text does not vary). Elsewhere, `query` as it is.
 */
export function namedStatement<Q extends Knex.QueryBuilder>(db: Knex, query: Q): Q {
  if (!isPostgres(db)) return query;
  const { sql } = query.toSQL();
  let name = names.get(sql);
  if (!name) {
    if (names.size >= 1_000) names.clear();
    name = `tessera_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`;
    names.set(sql, name);
  }
  return query.options({ name }) as Q;
}
