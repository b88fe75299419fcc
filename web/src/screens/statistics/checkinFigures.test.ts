import { describe, expect, it } from "vitest";
import type { SessionFiguresJson } from "@/queries/statistics.ts";
import { arrivalRows, hasScans, refusalRows, sessionTotals } from "./checkinFigures.ts";

const refusals = (counts: Partial<SessionFiguresJson["refusedBy"]> = {}): SessionFiguresJson["refusedBy"] => ({
  already_checked_in: 0,
  not_checked_in: 0,
  not_allowed: 0,
  not_confirmed: 0,
  unpaid: 0,
  unknown: 0,
  revoked: 0,
  other_event: 0,
  ...counts,
});

const session = (values: Partial<SessionFiguresJson>): SessionFiguresJson => ({
  id: "00000000-0000-4000-8000-000000000001",
  name: "Main door",
  type: "online",
  allowedGuests: 0,
  admitted: 0,
  noShows: 0,
  entries: 0,
  exits: 0,
  presentNow: 0,
  forced: 0,
  refused: 0,
  refusedBy: refusals(),
  ...values,
});

describe("the check-in figures of the Statistics screen", () => {
  it("adds up the sessions shown, each refusal reason on its own", () => {
    const totals = sessionTotals([
      session({
        allowedGuests: 4,
        admitted: 3,
        noShows: 2,
        entries: 4,
        refused: 2,
        refusedBy: refusals({ unknown: 2 }),
      }),
      session({
        allowedGuests: 5,
        admitted: 1,
        noShows: 4,
        entries: 1,
        forced: 1,
        refused: 1,
        refusedBy: refusals({ unknown: 1 }),
      }),
    ]);
    expect(totals).toEqual({
      allowedGuests: 9,
      admitted: 4,
      noShows: 6,
      entries: 5,
      exits: 0,
      presentNow: 0,
      forced: 1,
      refused: 3,
      refusedBy: refusals({ unknown: 3 }),
    });
    expect(sessionTotals([]).refusedBy).toEqual(refusals());
  });

  it("names the buckets on the event's wall clock: times, with the day when they spread over days", () => {
    const arrivals = (bucket: "5min" | "hour" | "day", starts: string[]) => ({
      bucket,
      total: starts.length,
      points: starts.map((start) => ({ start, arrivals: 1 })),
    });
    expect(
      arrivalRows(arrivals("5min", ["2026-06-12T07:00:00.000Z", "2026-06-12T07:05:00.000Z"]), "Europe/Paris", "en-GB"),
    ).toEqual([
      { key: "2026-06-12T07:00:00.000Z", label: "09:00", arrivals: 1 },
      { key: "2026-06-12T07:05:00.000Z", label: "09:05", arrivals: 1 },
    ]);
    expect(arrivalRows(arrivals("5min", ["2026-06-12T07:00:00.000Z"]), "Europe/Paris", "en-US")[0]!.label).toMatch(
      /^9:00\sAM$/,
    );
    const overNight = arrivalRows(
      arrivals("hour", ["2026-06-12T21:00:00.000Z", "2026-06-12T22:00:00.000Z"]),
      "Europe/Paris",
      "en-GB",
    ).map((row) => row.label);
    expect(overNight).toEqual(["12 Jun, 23:00", "13 Jun, 00:00"]);
    expect(
      arrivalRows(arrivals("day", ["2026-03-09T04:00:00.000Z"]), "America/New_York", "en-US").map((row) => row.label),
    ).toEqual(["Mon, Mar 9"]);
    // A zone the browser does not know reads as UTC rather than failing.
    expect(arrivalRows(arrivals("5min", ["2026-06-12T07:00:00.000Z"]), "Nowhere/Else", "en-GB")[0]!.label).toBe(
      "07:00",
    );
  });

  it("lists every refusal reason in the scan answers' order, and tells when nothing was scanned", () => {
    expect(refusalRows(refusals({ not_allowed: 2 }), (reason) => reason.toUpperCase()).slice(0, 3)).toEqual([
      { reason: "already_checked_in", label: "ALREADY_CHECKED_IN", count: 0 },
      { reason: "not_checked_in", label: "NOT_CHECKED_IN", count: 0 },
      { reason: "not_allowed", label: "NOT_ALLOWED", count: 2 },
    ]);
    expect(hasScans({ desks: [] })).toBe(false);
    expect(hasScans({ desks: [{ desk: "A", entries: 0, exits: 0, refused: 1, scans: 1 }] })).toBe(true);
  });
});
