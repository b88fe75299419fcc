import type { Pojo } from "objection";

/**
 * A decimal column as a number: PostgreSQL returns `numeric` as a string ("20.00"), SQLite as a
 * number. Shared by the models that carry a tax rate.
 */
export function parseDecimals(json: Pojo, keys: readonly string[]): Pojo {
  for (const key of keys) {
    const value = json[key];
    if (value !== null && value !== undefined && typeof value !== "number") json[key] = Number(value);
  }
  return json;
}
