import type BetterSqlite3 from "better-sqlite3";

/**
 * Names sort as people read them, not by their bytes: Álvarez among the A's, Díaz before Durand, Bœuf
 * before Brown. PostgreSQL compares with ICU's root collation (`und-x-icu`); SQLite has no collation for
 * it, so it sorts by this key: the text without accents, in lower case, with the letters that are two
 * (œ, æ, ß …) written out, which is how ICU ranks Latin text at its first level.
 */
const WRITTEN_OUT: Record<string, string> = { œ: "oe", æ: "ae", ß: "ss", ø: "o", đ: "d", ł: "l", þ: "th", ı: "i" };

export function sortKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[œæßøđłþı]/g, (letter) => WRITTEN_OUT[letter]!);
}

/** The SQL function SQLite's sorts and indexes call; every connection to the database file must have it. */
export const SORT_KEY_FUNCTION = "name_sort_key";

/**
 * What an empty value (NULL) sorts as: after every text (U+10FFFF is UTF-8's highest), so that "empty
 * last" is the key's own order and an ascending sort reads straight from the index. Were the key NULL,
 * `nulls last` would make SQLite sort the rows itself, calling this JavaScript function for each of them
 * on the server's thread (a 100k export held it 110 ms at a time).
 */
export const EMPTY_SORTS_LAST = "\u{10FFFF}";

export function registerSortKey(connection: BetterSqlite3.Database): void {
  connection.function(SORT_KEY_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? sortKey(value) : value === null ? EMPTY_SORTS_LAST : value,
  );
  // The first index (migration 20261126002000) was built on this one; it stays callable for that migration.
  connection.function("sort_key", { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? sortKey(value) : value,
  );
}
