import { describe, expect, it } from "vitest";
import { arrivalBucketFor, SCAN_REFUSALS } from "./checkinStatistics.ts";

const HOUR = 3_600_000;

describe("the check-in statistics' vocabulary", () => {
  it("picks the width of a bucket of arrivals from their span", () => {
    expect(arrivalBucketFor(0)).toBe("5min");
    expect(arrivalBucketFor(3 * HOUR)).toBe("5min");
    expect(arrivalBucketFor(3 * HOUR + 1)).toBe("15min");
    expect(arrivalBucketFor(12 * HOUR)).toBe("15min");
    expect(arrivalBucketFor(12 * HOUR + 1)).toBe("hour");
    expect(arrivalBucketFor(96 * HOUR)).toBe("hour");
    expect(arrivalBucketFor(96 * HOUR + 1)).toBe("day");
  });

  it("counts every answer but ok as a refusal", () => {
    expect(SCAN_REFUSALS).toEqual([
      "already_checked_in",
      "not_checked_in",
      "not_allowed",
      "not_confirmed",
      "unpaid",
      "unknown",
      "revoked",
      "other_event",
    ]);
  });
});
