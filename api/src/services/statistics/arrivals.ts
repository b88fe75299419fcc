import {
  ARRIVAL_BUCKET_SECONDS,
  arrivalBucketFor,
  instantOfWallTime,
  knownTimeZone,
  zoneOffsetSegments,
  type CheckinStatistics,
} from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { wallClockBucket } from "../../db/timeBuckets.ts";

/*
 * Arrivals over time: the scans that let a guest in (first entries, re-entries, forced ones), by the time they
 * were scanned (an offline desk's scans by when they happened), counted by the database in buckets of the
 * event's wall clock. Two statements: the span (which picks the bucket's width), then one row per bucket.
 */

type Arrivals = CheckinStatistics["arrivals"];

/** Which scans: an event's (`eventId`) or one session's (`checkinId`). */
export type ScansOf = { eventId: string } | { checkinId: string };

export async function arrivalsOverTime(db: Knex, of: ScansOf, timezone: string): Promise<Arrivals> {
  const arrivals = () => db("checkinScans").where(of).where({ result: "ok", direction: "in" });
  const span = (await arrivals().first(
    db.raw("min(scanned_at) as first_at"),
    db.raw("max(scanned_at) as last_at"),
    db.raw("count(*) as total"),
  )) as { firstAt: unknown; lastAt: unknown; total: unknown } | undefined;
  const total = Number(span?.total ?? 0);
  if (!span || total === 0) return { bucket: arrivalBucketFor(0), total: 0, points: [] };

  const zone = knownTimeZone(timezone);
  const first = new Date(span.firstAt as string).getTime();
  const last = new Date(span.lastAt as string).getTime();
  const bucket = arrivalBucketFor(last - first);
  const size = ARRIVAL_BUCKET_SECONDS[bucket];
  const segments = zoneOffsetSegments(zone, first - 1000, last + 1000);
  const rows = (await arrivals()
    .select(db.raw("? as ??", [wallClockBucket(db, "checkinScans.scannedAt", size, segments), "bucket"]))
    .count({ arrivals: "*" })
    .groupBy("bucket")
    .orderBy("bucket")) as { bucket: unknown; arrivals: unknown }[];

  const counted = new Map(rows.map((row) => [Number(row.bucket), Number(row.arrivals)]));
  const numbers = [...counted.keys()];
  const points: Arrivals["points"] = [];
  let previousStart = -Infinity;
  for (let n = Math.min(...numbers); n <= Math.max(...numbers); n++) {
    const start = instantOfWallTime(n * size * 1000, zone);
    const count = counted.get(n) ?? 0;
    // A wall-clock hour skipped when clocks go forward starts where the one before it did: one bar.
    if (start <= previousStart) points.at(-1)!.arrivals += count;
    else points.push({ start: new Date(start).toISOString(), arrivals: count });
    previousStart = Math.max(previousStart, start);
  }
  return { bucket, total, points };
}
