import type { Knex } from "knex";

export function isPostgres(db: Knex): boolean {
  const client = (db.client as { config: { client: unknown } }).config.client;
  return client === "pg" || client === "postgres" || client === "postgresql";
}

export function isSqlite(db: Knex): boolean {
  return !isPostgres(db);
}

/**
 * A text column as lists sort it (sortKey.ts): by ICU's root collation on PostgreSQL, by the sort key on
 * SQLite. SQL with one `??` for the column; the sort indexes are built on the same expressions.
 */
export function sortableText(db: Knex): string {
  return isPostgres(db) ? '?? collate "und-x-icu"' : "name_sort_key(??)";
}

/**
 * ORDER BY terms for text `columns` as people read them, empty values last: SQL and its bindings. On
 * SQLite the key of an empty value already sorts last, so ascending needs no `nulls last` (which would
 * make SQLite sort rather than read the index); descending puts them back last first.
 */
export function textOrder(db: Knex, columns: string[], direction: "asc" | "desc" = "asc") {
  const text = sortableText(db);
  const terms = columns.map((column) => {
    if (isPostgres(db)) return { sql: `${text} ${direction} nulls last`, bindings: [column] };
    if (direction === "asc") return { sql: `${text} asc`, bindings: [column] };
    return { sql: `(?? is null) asc, ${text} desc`, bindings: [column, column] };
  });
  return { sql: terms.map((term) => term.sql).join(", "), bindings: terms.flatMap((term) => term.bindings) };
}

/** Orders `query` by text `columns` as people read them, empty values last. */
export function orderByText(db: Knex, query: Knex.QueryBuilder, columns: string[], direction: "asc" | "desc" = "asc") {
  const order = textOrder(db, columns, direction);
  return query.orderByRaw(order.sql, order.bindings);
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
 * Holds named locks until the transaction ends, taken in one order (no deadlock between two callers
 * wanting the same ones): PostgreSQL advisory locks on the names' hashes under `namespace` (two names of
 * one hash share a lock, which only serialises them). SQLite needs none: one writing transaction at a time.
 */
export async function lockNames(trx: Knex.Transaction, namespace: string, names: readonly string[]): Promise<void> {
  if (!isPostgres(trx as unknown as Knex) || !names.length) return;
  const sorted = [...new Set(names)].sort();
  // One statement: a row's expressions are evaluated left to right, so the locks are taken in this order.
  const calls = sorted.map(() => "pg_advisory_xact_lock(hashtext(?), hashtext(?))").join(", ");
  await trx.raw(
    `select ${calls}`,
    sorted.flatMap((name) => [namespace, name]),
  );
}

/**
 * Whether a database error is a unique-constraint violation (either database). Objection wraps the
 * driver's error (UniqueViolationError) and keeps the driver's code on `nativeError`.
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, nativeError } = (error ?? {}) as { code?: unknown; nativeError?: { code?: unknown } };
  return [code, nativeError?.code].some(
    (value) => value === "23505" || value === "SQLITE_CONSTRAINT_UNIQUE" || value === "SQLITE_CONSTRAINT_PRIMARYKEY",
  );
}

/** Whether a database error is a foreign-key violation (either database): a row it names went away. */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code, nativeError } = (error ?? {}) as { code?: unknown; nativeError?: { code?: unknown } };
  return [code, nativeError?.code].some((value) => value === "23503" || value === "SQLITE_CONSTRAINT_FOREIGNKEY");
}

/** `lower(column) LIKE %value%`, the same way on both databases (the value's % and _ match themselves). */
export function lowerContains(db: Knex, column: string, value: string): Knex.Raw {
  const escaped = value.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return db.raw("lower(??) like ? escape '\\'", [column, `%${escaped}%`]);
}

// ---- JSON answers (guests): one key of a JSON object column, by dialect --------------------------

/** `?` in a LIKE pattern matches itself: escapes %, _ and the escape character. */
export function likeContainsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The value under `key` of a JSON object column, as text (PostgreSQL) or its natural SQLite type. */
export function jsonKeyValue(db: Knex, column: string, key: string): Knex.Raw {
  return isPostgres(db) ? db.raw("(?? ->> ?)", [column, key]) : db.raw("json_extract(??, ?)", [column, jsonPath(key)]);
}

/** The value under `key` as a number for comparisons and sorting. */
export function jsonKeyNumber(db: Knex, column: string, key: string): Knex.Raw {
  return isPostgres(db)
    ? db.raw("(?? ->> ?)::numeric", [column, key])
    : db.raw("json_extract(??, ?)", [column, jsonPath(key)]);
}

/**
 * Whether the JSON value under `key` equals `value` (a string or number) or, when it is an array,
 * holds it. PostgreSQL asks by containment (`answers @> {"key": value}`) so the jsonb_path_ops GIN
 * index serves it.
 */
export function jsonKeyHolds(
  db: Knex,
  column: string,
  key: string,
  value: string | number,
  isArray: boolean,
): Knex.Raw {
  if (isPostgres(db)) {
    return db.raw("?? @> ?::jsonb", [column, JSON.stringify({ [key]: isArray ? [value] : value })]);
  }
  return isArray
    ? db.raw("exists (select 1 from json_each(??, ?) where value = ?)", [column, jsonPath(key), value])
    : db.raw("json_extract(??, ?) = ?", [column, jsonPath(key), value]);
}

/** Whether the key is missing, null, an empty string or an empty array. */
export function jsonKeyEmpty(db: Knex, column: string, key: string): Knex.Raw {
  return isPostgres(db)
    ? db.raw("coalesce(?? ->> ?, '') in ('', '[]')", [column, key])
    : db.raw("coalesce(json_extract(??, ?), '') in ('', '[]')", [column, jsonPath(key)]);
}

/**
 * `column` with the keys of `patch` set (keys whose value is null removed), in one UPDATE expression:
 * `(col || patch) - nullKeys` on PostgreSQL, `json_patch` (RFC 7396: null removes) on SQLite.
 */
export function jsonMergePatch(db: Knex, column: string, patch: Record<string, unknown>): Knex.Raw {
  const nullKeys = Object.keys(patch).filter((key) => patch[key] === null);
  const kept = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
  if (isPostgres(db)) return db.raw("(?? || ?::jsonb) - ?::text[]", [column, JSON.stringify(kept), nullKeys]);
  return db.raw("json_patch(??, ?)", [column, JSON.stringify(patch)]);
}

function jsonPath(key: string): string {
  return `$."${key.replace(/["\\]/g, "")}"`;
}

/**
 * Removes one key from a JSON object column in every row `where` selects, in one UPDATE: `col - key`
 * on PostgreSQL (jsonb), `json_remove` on SQLite. Rows without the key are left alone.
 */
export async function removeJsonKey(
  db: Knex,
  table: string,
  column: string,
  key: string,
  where: Record<string, unknown>,
): Promise<number> {
  if (isPostgres(db)) {
    return db(table)
      .where(where)
      .whereRaw("jsonb_exists(??, ?)", [column, key])
      .update({ [column]: db.raw("?? - ?::text", [column, key]) });
  }
  const path = `$."${key.replace(/"/g, "")}"`;
  return db(table)
    .where(where)
    .whereRaw("json_type(??, ?) is not null", [column, path])
    .update({ [column]: db.raw("json_remove(??, ?)", [column, path]) });
}

/** The distinct values one key of a JSON object column holds in the rows `where` selects (parsed). */
export async function distinctJsonValues(
  db: Knex,
  table: string,
  column: string,
  key: string,
  where: Record<string, unknown>,
): Promise<unknown[]> {
  if (isPostgres(db)) {
    const rows = (await db(table)
      .where(where)
      .whereRaw("jsonb_exists(??, ?)", [column, key])
      .distinct(db.raw("?? -> ? as value", [column, key]))) as { value: unknown }[];
    return rows.map((row) => row.value);
  }
  const path = `$."${key.replace(/"/g, "")}"`;
  const rows = (await db(table)
    .where(where)
    .whereRaw("json_type(??, ?) is not null", [column, path])
    .distinct(db.raw("?? -> ? as value", [column, path]))) as { value: string }[];
  return rows.map((row) => JSON.parse(row.value) as unknown);
}
