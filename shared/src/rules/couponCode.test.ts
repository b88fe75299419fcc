import { describe, expect, it } from "vitest";
import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_CODE_MIN_LENGTH,
  COUPON_CODE_PATTERN,
  isValidCouponCode,
} from "./couponCode.ts";

describe("coupon code (spec §5: 1 to 15 characters, no whitespace)", () => {
  it.each([
    ["A", true],
    ["EARLYBIRD2026", true],
    ["ABCDEFGHIJKLMNO", true], // 15
    ["ABCDEFGHIJKLMNOP", false], // 16
    ["", false],
    ["EARLY BIRD", false],
    [" EARLY", false],
    ["EARLY\t", false],
    ["EARLY\u00a0BIRD", false], // a non-breaking space is whitespace too
    ["NOËL-10%", true],
    ["🎟️🎟️", true],
  ])("%j → %s", (code, expected) => {
    expect(isValidCouponCode(code)).toBe(expected);
    // The schema pattern (compiled with the u flag, as ajv does) agrees with the function.
    expect(new RegExp(COUPON_CODE_PATTERN, "u").test(code)).toBe(expected);
  });

  it("counts characters, not UTF-16 units", () => {
    const fifteenEmoji = "🎉".repeat(15);
    expect(fifteenEmoji.length).toBe(30);
    expect(isValidCouponCode(fifteenEmoji)).toBe(true);
    expect(isValidCouponCode("🎉".repeat(16))).toBe(false);
  });

  it("states the limits of spec §9", () => {
    expect([COUPON_CODE_MIN_LENGTH, COUPON_CODE_MAX_LENGTH]).toEqual([1, 15]);
  });
});
