import { describe, expect, it } from "vitest";
import { delayAfterFailures } from "./loginThrottle.ts";

describe("delayAfterFailures", () => {
  it("waits nothing for the free failures, then 1 s doubling with each failure, up to the longest", () => {
    const delays = Array.from({ length: 16 }, (_, failures) => delayAfterFailures(failures, 5, 900));
    expect(delays).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    expect(delayAfterFailures(1_000_000, 5, 900)).toBe(900);
  });
});
