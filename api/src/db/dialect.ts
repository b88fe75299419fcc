import type { Knex } from "knex";

export function isPostgres(db: Knex): boolean {
  const client = (db.client as { config: { client: unknown } }).config.client;
  return client === "pg" || client === "postgres" || client === "postgresql";
}

export function isSqlite(db: Knex): boolean {
  return !isPostgres(db);
}

/** Case-insensitive equality on a column, the same way on both databases. */
export function lowerEquals(db: Knex, column: string, value: string): Knex.Raw {
  return db.raw("lower(??) = ?", [column, value.toLowerCase()]);
}

/**
 * Locks the rows a query selects until the transaction ends, where the database can: `FOR UPDATE`
 * on PostgreSQL. SQLite has no row locks and needs none here: it runs one writing transaction at a
 * time (and the app keeps a single connection), so a count-then-insert inside a transaction is safe.
 */
export function lockForUpdate<Q extends { forUpdate(): Q }>(db: Knex, query: Q): Q {
  return isPostgres(db) ? query.forUpdate() : query;
}

/**
 * Whether a database error is a unique-constraint violation (either database). Objection wraps the
 * driver's error (UniqueViolationError) and keeps the driver's code on `nativeError`.
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, nativeError } = (error ?? {}) as { code?: unknown; nativeError?: { code?: unknown } };
  return [code, nativeError?.code].some((value) => value === "23505" || value === "SQLITE_CONSTRAINT_UNIQUE");
}

/** `lower(column) LIKE %value%`, the same way on both databases (the value's % and _ match themselves). */
export function lowerContains(db: Knex, column: string, value: string): Knex.Raw {
  const escaped = value.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return db.raw("lower(??) like ? escape '\\'", [column, `%${escaped}%`]);
}
