import { describe, expect, it } from "vitest";
import { instantOfWallTime, knownTimeZone, zoneOffsetAt, zoneOffsetSegments } from "./timeZones.ts";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("time zones' wall clocks", () => {
  it("reads a zone's offset at an instant, daylight saving included", () => {
    expect(zoneOffsetAt(at("2026-01-15T12:00:00Z"), "Europe/Paris")).toBe(HOUR);
    expect(zoneOffsetAt(at("2026-07-15T12:00:00Z"), "Europe/Paris")).toBe(2 * HOUR);
    expect(zoneOffsetAt(at("2026-07-15T12:00:00.750Z"), "Asia/Kolkata")).toBe(5.5 * HOUR);
    expect(zoneOffsetAt(at("2026-07-15T12:00:00Z"), "UTC")).toBe(0);
  });

  it("finds each change of offset over a span, to the second", () => {
    // New York: clocks forward on 8 March 2026 at 2:00 (07:00 UTC), back on 1 November at 2:00 (06:00 UTC).
    expect(zoneOffsetSegments("America/New_York", at("2026-03-01T00:00:00Z"), at("2026-12-01T00:00:00Z"))).toEqual([
      { fromMs: at("2026-03-01T00:00:00Z"), offsetMs: -5 * HOUR },
      { fromMs: at("2026-03-08T07:00:00Z"), offsetMs: -4 * HOUR },
      { fromMs: at("2026-11-01T06:00:00Z"), offsetMs: -5 * HOUR },
    ]);
    expect(zoneOffsetSegments("Asia/Kolkata", at("2026-03-01T00:00:00Z"), at("2026-12-01T00:00:00Z"))).toEqual([
      { fromMs: at("2026-03-01T00:00:00Z"), offsetMs: 5.5 * HOUR },
    ]);
  });

  it("gives the instant a wall-clock time names, the first one when clocks go back", () => {
    const wall = (iso: string) => at(`${iso}Z`);
    expect(new Date(instantOfWallTime(wall("2026-07-15T09:30:00"), "Europe/Paris")).toISOString()).toBe(
      "2026-07-15T07:30:00.000Z",
    );
    expect(new Date(instantOfWallTime(wall("2026-11-01T01:30:00"), "America/New_York")).toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    expect(new Date(instantOfWallTime(wall("2026-03-09T00:00:00"), "America/New_York")).toISOString()).toBe(
      "2026-03-09T04:00:00.000Z",
    );
  });

  it("reads a zone Intl does not know as UTC", () => {
    expect(knownTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(knownTimeZone("Europe/Madrid")).toBe("Europe/Madrid");
  });
});
