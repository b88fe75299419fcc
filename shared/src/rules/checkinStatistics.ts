import { SCAN_RESULTS, type ScanResult } from "./checkins.ts";

/*
 * The check-in part of the Statistics screen: how arrivals over time are bucketed, and what counts as a refusal.
 */

/** The width of a bar of arrivals over time, picked from how long the arrivals spread (arrivalBucketFor). */
export const ARRIVAL_BUCKETS = ["5min", "15min", "hour", "day"] as const;
export type ArrivalBucket = (typeof ARRIVAL_BUCKETS)[number];

export const ARRIVAL_BUCKET_SECONDS: Readonly<Record<ArrivalBucket, number>> = {
  "5min": 300,
  "15min": 900,
  hour: 3_600,
  day: 86_400,
};

const HOUR = 3_600_000;

/**
 * The bucket for arrivals spread over `spanMs` (first to last): 5 minutes up to 3 hours, 15 minutes up to 12
 * hours, an hour up to 4 days, else a day — at most about a hundred bars until the span runs into months.
 */
export function arrivalBucketFor(spanMs: number): ArrivalBucket {
  if (spanMs <= 3 * HOUR) return "5min";
  if (spanMs <= 12 * HOUR) return "15min";
  if (spanMs <= 96 * HOUR) return "hour";
  return "day";
}

/** A scan that let nobody in or out: every answer but ok, by reason. */
export type ScanRefusal = Exclude<ScanResult, "ok">;
export const SCAN_REFUSALS = SCAN_RESULTS.filter((result): result is ScanRefusal => result !== "ok");
