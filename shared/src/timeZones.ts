/*
 * Wall clocks of IANA time zones (an event's timezone), read through Intl: how far a zone is ahead of UTC at an
 * instant, where that changes over a span (daylight saving), and the instant a zone's wall-clock time names.
 */

const HOUR = 3_600_000;
/** How far apart a span is probed for offset changes: zones change at most twice a year, never twice in 6 h. */
const PROBE = 6 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone when Intl knows it, else UTC. */
export function knownTimeZone(timeZone: string): string {
  try {
    formatterOf(timeZone);
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** How far the zone's wall clock is ahead of UTC at the instant `ms`, in milliseconds (whole seconds). */
export function zoneOffsetAt(ms: number, timeZone: string): number {
  const values: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  const wall = Date.UTC(values.year!, values.month! - 1, values.day!, values.hour!, values.minute!, values.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** From `fromMs` on (until the next one), the zone is `offsetMs` ahead of UTC. */
export interface OffsetSegment {
  fromMs: number;
  offsetMs: number;
}

/**
 * The zone's offsets over [fromMs, toMs]: the first segment starts at `fromMs`, each next one at the second an
 * offset changes (found to the second between two probes 6 h apart).
 */
export function zoneOffsetSegments(timeZone: string, fromMs: number, toMs: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ fromMs, offsetMs: zoneOffsetAt(fromMs, timeZone) }];
  let before = fromMs;
  while (before < toMs) {
    const after = Math.min(before + PROBE, toMs);
    const current = segments.at(-1)!.offsetMs;
    const offset = zoneOffsetAt(after, timeZone);
    if (offset !== current) {
      // The offset is `current` at `low` and not at `high`: halve the gap down to one second.
      let low = before;
      let high = after;
      while (high - low > 1000) {
        const middle = low + Math.floor((high - low) / 2000) * 1000;
        if (zoneOffsetAt(middle, timeZone) === current) low = middle;
        else high = middle;
      }
      segments.push({ fromMs: high, offsetMs: zoneOffsetAt(high, timeZone) });
    }
    before = after;
  }
  return segments;
}

/**
 * The instant the zone's wall clock reads `wallMs` (a wall-clock time written as if it were UTC). Two passes
 * settle the offset across a change: a time that comes twice when clocks go back reads as its first instant, one
 * skipped when they go forward as the instant an hour earlier.
 */
export function instantOfWallTime(wallMs: number, timeZone: string): number {
  const first = wallMs - zoneOffsetAt(wallMs, timeZone);
  return wallMs - zoneOffsetAt(first, timeZone);
}
