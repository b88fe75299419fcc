import type { LiveScan } from "@tessera/shared/schemas/checkinLive";

/*
 * The live board's figures, computed from the scans the streams sent (pure, tested on their own). Times are the
 * scans' receivedAt (the server's clock, one clock for every desk) against `now`.
 */

const MINUTE = 60_000;
/** How many scans the board keeps in memory (the oldest dropped first): far more than 30 minutes at a busy door. */
export const LIVE_SCANS_MAX = 5_000;

/**
 * Adds scans to those kept, each id once (a stream sends scans again after a reconnect), newest last, at most
 * `max` (the oldest received dropped). Returns the same map when nothing is new.
 */
export function mergeScans(
  kept: ReadonlyMap<string, LiveScan>,
  incoming: readonly LiveScan[],
  max = LIVE_SCANS_MAX,
): ReadonlyMap<string, LiveScan> {
  // A scan sent again is the same, unless it was settled since (an offline admission found to come second is
  // flagged afterwards): then its newer word replaces the kept one.
  const fresh = incoming.filter((scan) => {
    const known = kept.get(scan.id);
    return !known || !sameScan(known, scan);
  });
  if (fresh.length === 0) return kept;
  const latest = new Map(kept);
  for (const scan of fresh) latest.set(scan.id, scan);
  const all = [...latest.values()];
  all.sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt));
  return new Map(all.slice(Math.max(0, all.length - max)).map((scan) => [scan.id, scan]));
}

/** The same scan word for word: a scan is flat, so its fields compared one by one (no text built per message). */
function sameScan(a: LiveScan, b: LiveScan): boolean {
  const keys = Object.keys(a) as (keyof LiveScan)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** An arrival: a guest let in (a first entry or a re-entry, forced ones included). */
export function isArrival(scan: LiveScan): boolean {
  return scan.result === "ok" && scan.direction === "in";
}

function minutesAgo(scan: LiveScan, now: number): number {
  return Math.floor((now - Date.parse(scan.receivedAt)) / MINUTE);
}

export interface MinuteBucket {
  /** The minute's start (ms). */
  start: number;
  arrivals: number;
}

/** Arrivals in each of the last `minutes` minutes, oldest first; the last bucket is the current minute. */
export function arrivalsPerMinute(scans: Iterable<LiveScan>, now: number, minutes = 30): MinuteBucket[] {
  const currentStart = Math.floor(now / MINUTE) * MINUTE;
  const buckets = Array.from({ length: minutes }, (_, index) => ({
    start: currentStart - (minutes - 1 - index) * MINUTE,
    arrivals: 0,
  }));
  for (const scan of scans) {
    if (!isArrival(scan)) continue;
    const at = Date.parse(scan.receivedAt);
    const index = Math.floor((at - buckets[0]!.start) / MINUTE);
    if (index >= 0 && index < minutes) buckets[index]!.arrivals += 1;
  }
  return buckets;
}

export interface DeskThroughput {
  /** The desk's name; null for scans with no desk. */
  desk: string | null;
  scans: number;
  /** Scans per minute over the window. */
  perMinute: number;
  /** The most scans the desk made in one minute of the window. */
  busiestMinute: number;
}

/** Each desk's scans (every result, entries and exits) over the last `minutes` minutes, busiest desk first. */
export function deskThroughput(scans: Iterable<LiveScan>, now: number, minutes = 10): DeskThroughput[] {
  const byDesk = new Map<string | null, number[]>();
  for (const scan of scans) {
    const ago = minutesAgo(scan, now);
    if (ago < 0 || ago >= minutes) continue;
    const perMinute = byDesk.get(scan.desk) ?? new Array<number>(minutes).fill(0);
    perMinute[ago] = (perMinute[ago] ?? 0) + 1;
    byDesk.set(scan.desk, perMinute);
  }
  return [...byDesk.entries()]
    .map(([desk, perMinute]) => {
      const total = perMinute.reduce((sum, count) => sum + count, 0);
      return { desk, scans: total, perMinute: total / minutes, busiestMinute: Math.max(...perMinute) };
    })
    .sort((a, b) => b.scans - a.scans || String(a.desk).localeCompare(String(b.desk)));
}

export interface QueueEstimate {
  /** Whole minutes of waiting, or 0: no queue to speak of. */
  minutes: number;
  /** Scans per minute over the last 5 minutes. */
  rate: number;
  /** What the desks working now can scan per minute: the sum of each one's busiest minute of the last 30. */
  capacity: number;
}

/**
 * An estimate of the queue time, from what the board can see (it cannot see the queue itself): the desks'
 * pace over the last 5 minutes against the most each desk working now has scanned in a minute over the
 * last 30 (its capacity). A door working at under half its capacity has no queue; closer to it, the wait of
 * a single queue served at that capacity grows as ρ / (1 − ρ) service times (ρ the share of capacity in use,
 * at most 0.95). An estimate, rounded to whole minutes.
 */
export function estimateQueue(scans: Iterable<LiveScan>, now: number): QueueEstimate {
  const list = [...scans];
  const recent = deskThroughput(list, now, 5);
  const rate = recent.reduce((sum, desk) => sum + desk.perMinute, 0);
  const working = new Set(recent.map((desk) => desk.desk));
  const capacity = deskThroughput(list, now, 30)
    .filter((desk) => working.has(desk.desk))
    .reduce((sum, desk) => sum + desk.busiestMinute, 0);
  if (rate === 0 || capacity === 0) return { minutes: 0, rate, capacity };
  const utilisation = Math.min(rate / capacity, 0.95);
  if (utilisation < 0.5) return { minutes: 0, rate, capacity };
  const waitMinutes = utilisation / (1 - utilisation) / capacity;
  const rounded = Math.round(Math.round(waitMinutes * 1000) / 1000);
  return { minutes: rounded < 1 ? 0 : rounded, rate, capacity };
}

/** The last `count` scans, newest first. */
export function lastScans(scans: ReadonlyMap<string, LiveScan>, count = 20): LiveScan[] {
  return [...scans.values()].slice(-count).reverse();
}
