import type { OffsetSegment } from "@tessera/shared";
import { isPostgres } from "./dialect.ts";
import type { Knex } from "./knex.ts";

/*
 * Timestamps counted in buckets of a zone's wall clock (5 minutes, an hour, a day …), by the database: the one
 * place the two dialects differ in reading a timestamp as seconds and dividing whole numbers.
 */

/** A whole number written into the SQL (never a value from a request: seconds and offsets we computed). */
function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number of seconds: ${value}`);
  return String(value);
}

/** The column's instant in whole seconds since 1970 (stored as timestamptz on PostgreSQL, ISO text on SQLite). */
function epochSeconds(db: Knex, column: string): string {
  const name = db.raw("??", [column]).toQuery();
  return isPostgres(db) ? `floor(extract(epoch from ${name}))` : `cast(strftime('%s', ${name}) as integer)`;
}

/**
 * The number of the wall-clock bucket of `sizeSeconds` the column's instant falls in: ⌊(seconds + the zone's
 * offset then) / size⌋, the offset picked among `segments` (a zone's offsets over the span read, first segment
 * from its start). Bucket n starts at the wall-clock time n × size (read as UTC): instants on either side of a
 * change of offset that show the same wall-clock bucket get the same number. The same number on both dialects.
 */
export function wallClockBucket(
  db: Knex,
  column: string,
  sizeSeconds: number,
  segments: readonly OffsetSegment[],
): Knex.Raw {
  if (!segments.length) throw new Error("A zone's offsets are needed");
  const seconds = epochSeconds(db, column);
  const offsetOf = (segment: OffsetSegment) => integer(Math.round(segment.offsetMs / 1000));
  const [first, ...changes] = segments;
  const offset = changes.length
    ? `(case ${changes
        .map((segment, index) => {
          const before = index === 0 ? first! : changes[index - 1]!;
          return `when ${seconds} < ${integer(Math.floor(segment.fromMs / 1000))} then ${offsetOf(before)}`;
        })
        .join(" ")} else ${offsetOf(changes.at(-1)!)} end)`
    : offsetOf(first!);
  const size = integer(sizeSeconds);
  return db.raw(isPostgres(db) ? `floor((${seconds} + ${offset}) / ${size})` : `((${seconds} + ${offset}) / ${size})`);
}
