import { SCAN_REFUSALS, type ArrivalBucket, type ScanRefusal } from "@tessera/shared/rules/checkinStatistics";
import { knownTimeZone } from "@tessera/shared/timeZones";
import type { CheckinStatisticsJson, SessionFiguresJson } from "@/queries/statistics.ts";

/*
 * The check-in figures as the Statistics screen shows them (pure, tested on their own): the sessions shown added
 * up, the arrivals' buckets named on the event's wall clock, the refusals in the scan answers' order.
 */

/** The figures of the sessions shown, added up. */
export type SessionTotals = Omit<SessionFiguresJson, "id" | "name" | "type">;

export function sessionTotals(sessions: readonly SessionFiguresJson[]): SessionTotals {
  const totals: SessionTotals = {
    allowedGuests: 0,
    admitted: 0,
    noShows: 0,
    entries: 0,
    exits: 0,
    presentNow: 0,
    forced: 0,
    refused: 0,
    refusedBy: Object.fromEntries(SCAN_REFUSALS.map((reason) => [reason, 0])) as Record<ScanRefusal, number>,
  };
  for (const session of sessions) {
    for (const key of ["allowedGuests", "admitted", "noShows", "entries", "exits", "presentNow", "forced"] as const) {
      totals[key] += session[key];
    }
    totals.refused += session.refused;
    for (const reason of SCAN_REFUSALS) totals.refusedBy[reason] += session.refusedBy[reason];
  }
  return totals;
}

export interface ArrivalRow {
  /** The bucket's start (ISO). */
  key: string;
  /** Its start on the event's wall clock: a day, or a time (with its day when the arrivals spread over days). */
  label: string;
  arrivals: number;
}

const dayOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );

/** The arrivals' buckets, named in `language` on the wall clock of `timeZone`. */
export function arrivalRows(
  arrivals: CheckinStatisticsJson["arrivals"],
  timeZone: string,
  language: string,
): ArrivalRow[] {
  const labels = bucketLabels(arrivals.points, arrivals.bucket, timeZone, language);
  return arrivals.points.map((point, index) => ({
    key: point.start,
    label: labels[index]!,
    arrivals: point.arrivals,
  }));
}

/**
 * Buckets' starts (ISO) named in `language` on the wall clock of `timeZone`: a day, or a time (with its day when
 * they spread over days).
 */
export function bucketLabels(
  points: readonly { start: string }[],
  bucket: ArrivalBucket,
  timeZone: string,
  language: string,
): string[] {
  const zone = knownTimeZone(timeZone);
  const withDay = points.length > 0 && dayOf(points[0]!.start, zone) !== dayOf(points.at(-1)!.start, zone);
  const format = new Intl.DateTimeFormat(language, formatOf(bucket, withDay, zone, language));
  return points.map((point) => format.format(new Date(point.start)));
}

function formatOf(
  bucket: ArrivalBucket,
  withDay: boolean,
  timeZone: string,
  language: string,
): Intl.DateTimeFormatOptions {
  if (bucket === "day") return { timeZone, weekday: "short", day: "numeric", month: "short" };
  if (!withDay) return { timeZone, timeStyle: "short" };
  // The hour as the language writes a short time: "09:05" on a 24-hour clock, "9:05 AM" on a 12-hour one.
  const { hourCycle } = new Intl.DateTimeFormat(language, { timeStyle: "short" }).resolvedOptions();
  const hour = hourCycle === "h11" || hourCycle === "h12" ? "numeric" : "2-digit";
  return { timeZone, day: "numeric", month: "short", hour, minute: "2-digit" };
}

export interface RefusalRow {
  reason: ScanRefusal;
  label: string;
  count: number;
}

/** Every refusal reason, in the scan answers' order, with its attempts. */
export function refusalRows(
  refusedBy: Readonly<Record<ScanRefusal, number>>,
  labelOf: (reason: ScanRefusal) => string,
): RefusalRow[] {
  return SCAN_REFUSALS.map((reason) => ({ reason, label: labelOf(reason), count: refusedBy[reason] }));
}

/** Whether anything was scanned in the sessions shown. */
export function hasScans(statistics: Pick<CheckinStatisticsJson, "desks">): boolean {
  return statistics.desks.some((desk) => desk.scans > 0);
}
