import type { LiveScan } from "@tessera/shared/schemas/checkinLive";
import { describe, expect, it } from "vitest";
import { arrivalsPerMinute, deskThroughput, estimateQueue, lastScans, mergeScans } from "./checkinLiveFigures.ts";

const NOW = Date.parse("2026-11-27T10:30:30.000Z");
let serial = 0;

function scan(secondsAgo: number, overrides: Partial<LiveScan> = {}): LiveScan {
  serial += 1;
  const at = new Date(NOW - secondsAgo * 1000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    checkinId: "11111111-1111-4111-8111-111111111111",
    result: "ok",
    direction: "in",
    guestId: null,
    guestName: `Guest ${serial}`,
    desk: "North",
    forced: false,
    flagged: false,
    scannedAt: at,
    receivedAt: at,
    ...overrides,
  };
}

describe("mergeScans", () => {
  it("keeps each id once, oldest first, when a stream sends scans again after a reconnect", () => {
    const first = scan(50);
    const second = scan(40);
    const third = scan(10);
    const kept = mergeScans(new Map(), [second, first]);
    const again = mergeScans(kept, [second, third, third]);
    expect([...again.keys()]).toEqual([first.id, second.id, third.id]);
    expect(mergeScans(again, [first, third])).toBe(again);
  });

  it("takes a scan's newer word: an offline admission settled as the second one is flagged afterwards", () => {
    const first = scan(50);
    const admitted = scan(40);
    const kept = mergeScans(new Map(), [first, admitted]);
    const settled = { ...admitted, forced: true, flagged: true };
    const merged = mergeScans(kept, [settled]);
    expect([...merged.keys()]).toEqual([first.id, admitted.id]);
    expect(merged.get(admitted.id)).toEqual(settled);
    expect(mergeScans(merged, [settled])).toBe(merged);
  });

  it("drops the oldest past its bound", () => {
    const scans = [scan(30), scan(20), scan(10)];
    expect([...mergeScans(new Map(), scans, 2).keys()]).toEqual([scans[1]!.id, scans[2]!.id]);
  });

  it("gives the last scans newest first", () => {
    const scans = [scan(30), scan(20), scan(10)];
    expect(lastScans(mergeScans(new Map(), scans), 2).map((item) => item.id)).toEqual([scans[2]!.id, scans[1]!.id]);
  });
});

describe("arrivalsPerMinute", () => {
  it("counts entries let in, in minute buckets of the last 30 minutes, the current one last", () => {
    const buckets = arrivalsPerMinute(
      [
        scan(5),
        scan(20),
        scan(65),
        scan(10, { result: "already_checked_in" }),
        scan(12, { direction: "out" }),
        scan(15, { forced: true }),
        scan(31 * 60),
      ],
      NOW,
      30,
    );
    expect(buckets).toHaveLength(30);
    expect(buckets.at(-1)).toEqual({ start: Date.parse("2026-11-27T10:30:00.000Z"), arrivals: 3 });
    expect(buckets.at(-2)!.arrivals).toBe(1);
    expect(buckets.reduce((sum, bucket) => sum + bucket.arrivals, 0)).toBe(4);
  });
});

describe("deskThroughput", () => {
  it("gives each desk's scans per minute over the last 10 minutes, busiest first", () => {
    const scans = [
      scan(10, { desk: "South" }),
      scan(20, { desk: "North" }),
      scan(30, { desk: "North", result: "already_checked_in" }),
      scan(100, { desk: "North" }),
      scan(11 * 60, { desk: "South" }),
      scan(40, { desk: null }),
    ];
    expect(deskThroughput(scans, NOW, 10)).toEqual([
      { desk: "North", scans: 3, perMinute: 0.3, busiestMinute: 2 },
      { desk: null, scans: 1, perMinute: 0.1, busiestMinute: 1 },
      { desk: "South", scans: 1, perMinute: 0.1, busiestMinute: 1 },
    ]);
  });
});

describe("estimateQueue", () => {
  it("says no queue with no scans, or desks working well under their pace", () => {
    expect(estimateQueue([], NOW)).toEqual({ minutes: 0, rate: 0, capacity: 0 });
    const quiet = [...Array.from({ length: 10 }, () => scan(20 * 60)), scan(30)];
    expect(estimateQueue(quiet, NOW)).toMatchObject({ minutes: 0, rate: 0.2, capacity: 10 });
  });

  it("grows as the desks work near the most they have managed", () => {
    // One desk, 2 scans every minute for the last 5 minutes and at most 2 in a minute: at capacity (ρ = 0.95 at
    // most), 0.95 / 0.05 × ½ min ≈ 10 min.
    const busy = Array.from({ length: 5 }, (_, minute) => [scan(minute * 60 + 5), scan(minute * 60 + 25)]).flat();
    expect(estimateQueue(busy, NOW)).toEqual({ minutes: 10, rate: 2, capacity: 2 });
    // Two desks sharing it scan twice as fast: half the wait.
    const shared = busy.map((item, index) => ({ ...item, desk: index % 2 ? "North" : "South" }));
    const doubled = [...busy, ...shared.map((item) => ({ ...item, id: item.id.replace("-0000", "-1111") }))];
    expect(estimateQueue(doubled, NOW).minutes).toBeLessThan(10);
  });
});
