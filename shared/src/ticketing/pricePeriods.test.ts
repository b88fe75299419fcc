import { describe, expect, it } from "vitest";
import { priceChangesAt, runningPeriod } from "./pricePeriods.ts";

const day = (n: number) => new Date(Date.UTC(2026, 5, n));
const periods = [
  { id: "early", startsAt: day(1), endsAt: day(10) },
  { id: "regular", startsAt: day(8), endsAt: null },
  { id: "late", startsAt: day(20), endsAt: day(25) },
];

describe("price periods", () => {
  it("runs the latest started period not ended, its end excluded", () => {
    expect(runningPeriod(periods, day(0))).toBeNull();
    expect(runningPeriod(periods, day(3))?.id).toBe("early");
    expect(runningPeriod(periods, day(9))?.id).toBe("regular");
    expect(runningPeriod(periods, day(22))?.id).toBe("late");
    expect(runningPeriod(periods, day(25))?.id).toBe("regular");
    expect(runningPeriod([{ id: "x", startsAt: day(1), endsAt: day(2) }], day(2))).toBeNull();
  });

  it("says when the running price changes: its end or a later period's start, whichever comes first", () => {
    expect(priceChangesAt(periods, day(3))).toEqual(day(8));
    expect(priceChangesAt(periods, day(12))).toEqual(day(20));
    expect(priceChangesAt(periods, day(26))).toBeNull();
    expect(priceChangesAt(periods, day(0))).toBeNull();
  });
});
