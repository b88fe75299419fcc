import { randomUUID } from "node:crypto";
import { Model, snakeCaseMappers, type Pojo } from "objection";

const camelKeys = snakeCaseMappers().parse as (row: Pojo) => Pojo;

/**
 * Base of every model (names are mapped camelCase ⇄ snake_case by the knex instance). The same rows come back differently from the two databases (SQLite gives
 * 0/1 and ISO text, PostgreSQL gives booleans and Dates), so each model names its boolean and
 * timestamp attributes and this class makes them booleans and Dates on the way in, and ISO strings
 * on the way out (better-sqlite3 would otherwise bind a Date as a number).
 */
export class BaseModel extends Model {
  declare id: string;

  static booleanAttributes: readonly string[] = [];
  static timestampAttributes: readonly string[] = [];
  /** Sets createdAt (and updatedAt when true) automatically. */
  static autoTimestamps: "both" | "created" | "none" = "both";

  override $beforeInsert(): void {
    const ctor = this.constructor as typeof BaseModel;
    if (!this.id) this.id = randomUUID();
    const now = new Date();
    const self = this as unknown as Record<string, unknown>;
    if (ctor.autoTimestamps !== "none" && !self.createdAt) self.createdAt = now;
    if (ctor.autoTimestamps === "both" && !self.updatedAt) self.updatedAt = now;
  }

  override $beforeUpdate(): void {
    const ctor = this.constructor as typeof BaseModel;
    if (ctor.autoTimestamps === "both") (this as unknown as Record<string, unknown>).updatedAt = new Date();
  }

  override $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    const ctor = this.constructor as typeof BaseModel;
    for (const key of ctor.booleanAttributes) {
      if (key in parsed && parsed[key] !== null) parsed[key] = Boolean(parsed[key]);
    }
    for (const key of ctor.timestampAttributes) {
      const value = parsed[key];
      if (value !== null && value !== undefined && !(value instanceof Date)) parsed[key] = new Date(value as string);
    }
    return parsed;
  }

  /**
   * Models of rows read with their stored column names (AS_STORED): what fromDatabaseJson makes of each, in
   * one pass whose key names are worked out once for all the rows. For a page of rows, where the mappers'
   * copy of each row and Objection's copy into the model cost more than the driver's reading.
   */
  static fromStoredRows<M extends BaseModel>(this: new () => M, rows: readonly Pojo[]): M[] {
    const first = rows[0];
    if (!first) return [];
    const ctor = this as unknown as typeof BaseModel;
    const stored = Object.keys(first);
    const names = Object.keys(camelKeys(first));
    const json = new Set((ctor as unknown as { getJsonAttributes(): string[] }).getJsonAttributes());
    const kinds = names.map((name) =>
      ctor.timestampAttributes.includes(name) ? 1 : ctor.booleanAttributes.includes(name) ? 2 : json.has(name) ? 3 : 0,
    );
    return rows.map((row) => {
      const model = new this() as unknown as Record<string, unknown>;
      for (let i = 0; i < names.length; i++) {
        let value = row[stored[i]!];
        if (value !== null && value !== undefined) {
          const kind = kinds[i];
          if (kind === 1 && !(value instanceof Date)) value = new Date(value as string);
          else if (kind === 2) value = Boolean(value);
          else if (kind === 3 && typeof value === "string") value = JSON.parse(value);
        }
        model[names[i]!] = value;
      }
      return model as unknown as M;
    });
  }

  override $formatDatabaseJson(json: Pojo): Pojo {
    const formatted = super.$formatDatabaseJson(json);
    for (const [key, value] of Object.entries(formatted)) {
      if (value instanceof Date) formatted[key] = value.toISOString();
    }
    return formatted;
  }
}

/** A timestamp as both databases compare it in SQL (ISO 8601 in UTC). */
export function sqlTime(date: Date): string {
  return date.toISOString();
}
