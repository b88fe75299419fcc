import { describe, expect, it } from "vitest";
import { fromZonedInput, toZonedInput } from "./zonedTime.ts";

describe("zoned event times", () => {
  it("reads and writes wall-clock times of the event's zone, across daylight saving", () => {
    expect(fromZonedInput("2027-03-14T09:30", "Europe/Paris")).toBe("2027-03-14T08:30:00.000Z");
    expect(fromZonedInput("2027-07-14T09:30", "Europe/Paris")).toBe("2027-07-14T07:30:00.000Z");
    expect(toZonedInput("2027-07-14T07:30:00.000Z", "Europe/Paris")).toBe("2027-07-14T09:30");
    expect(toZonedInput("2027-01-01T00:00:00.000Z", "America/New_York")).toBe("2026-12-31T19:00");
    expect(fromZonedInput("2027-01-02", "UTC")).toBe("2027-01-02T00:00:00.000Z");
    expect(fromZonedInput("", "UTC")).toBeNull();
  });
});
