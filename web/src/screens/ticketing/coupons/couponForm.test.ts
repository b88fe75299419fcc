import { describe, expect, it } from "vitest";
import type { CouponJson } from "@/queries/ticketingCoupons.ts";
import { couponBody, couponProblems, couponUpdateBody, couponValues, emptyCouponValues } from "./couponForm.ts";
import { discountText, zonedDateTimeText } from "./couponDisplay.ts";

const zone = "Europe/Paris";
const at = "2030-01-01T10:00:00.000Z";
const coupon = (overrides: Partial<CouponJson> = {}): CouponJson => ({
  id: "c",
  eventId: "ev",
  code: "VIP",
  amountOffCents: null,
  percentOffBp: 1250,
  maxRedemptions: 10,
  redemptions: 0,
  combinable: true,
  redeemBy: "2030-06-30T21:59:00.000Z",
  ticketIds: ["t1"],
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

describe("the Coupons tab's form", () => {
  it("turns a percent off typed in French into basis points, and the redeem-by date of the event's zone into UTC", () => {
    const values = {
      ...emptyCouponValues(),
      code: "ETE-2030",
      percent: "12,5",
      maxRedemptions: "100",
      redeemBy: "2030-07-01T00:00",
      ticketIds: ["t1"],
    };
    expect(couponProblems(values, "fr", zone, { now: Date.parse(at) })).toEqual({});
    expect(couponBody(values, "fr", zone)).toEqual({
      code: "ETE-2030",
      amountOffCents: null,
      percentOffBp: 1250,
      maxRedemptions: 100,
      combinable: false,
      redeemBy: "2030-06-30T22:00:00.000Z",
      ticketIds: ["t1"],
    });
  });

  it("sends an amount off in cents, unlimited redemptions as null and no tickets for all of them", () => {
    const values = { ...emptyCouponValues(), code: "FIVE", kind: "amount" as const, amount: "5.50", percent: "20" };
    expect(couponBody(values, "en", zone)).toEqual({
      code: "FIVE",
      amountOffCents: 550,
      percentOffBp: null,
      maxRedemptions: null,
      combinable: false,
      redeemBy: null,
      ticketIds: [],
    });
  });

  it("refuses what the API's schema refuses, with its messages where it has one", () => {
    const now = Date.parse(at);
    const problems = (overrides: Partial<ReturnType<typeof emptyCouponValues>>) =>
      couponProblems({ ...emptyCouponValues(), code: "OK", percent: "10", ...overrides }, "en", zone, { now });
    expect(problems({ code: "" }).code).toBe("validation:coupon_code_format");
    expect(problems({ code: " VIP" }).code).toBe("validation:coupon_code_format");
    expect(problems({ code: "TWO WORDS" }).code).toBe("validation:coupon_code_format");
    expect(problems({ code: "ABCDEFGHIJKLMNOP" }).code).toBe("validation:coupon_code_format");
    expect(problems({ code: "ÉTÉ🎉2030" }).code).toBeUndefined();
    expect(problems({ percent: "0" }).percent).toBe("ticketing.coupons.percentInvalid");
    expect(problems({ percent: "100.01" }).percent).toBe("ticketing.coupons.percentInvalid");
    expect(problems({ percent: "100" }).percent).toBeUndefined();
    expect(problems({ kind: "amount", amount: "0" }).amount).toBe("ticketing.coupons.amountInvalid");
    expect(problems({ kind: "amount", amount: "abc" }).amount).toBe("ticketing.coupons.amountInvalid");
    expect(problems({ maxRedemptions: "0" }).maxRedemptions).toBe("ticketing.coupons.maxInvalid");
    expect(problems({ maxRedemptions: "1.5" }).maxRedemptions).toBe("ticketing.coupons.maxInvalid");
    expect(problems({ maxRedemptions: "1000001" }).maxRedemptions).toBe("ticketing.coupons.maxInvalid");
    expect(problems({ redeemBy: "2029-12-31T10:00" }).redeemBy).toBe("validation:redeem_by_past");
    // A date that has passed may stay as it was while the other fields change.
    expect(
      couponProblems({ ...emptyCouponValues(), code: "OK", percent: "10", redeemBy: "2029-12-31T10:00" }, "en", zone, {
        now,
        initialRedeemBy: "2029-12-31T10:00",
      }).redeemBy,
    ).toBeUndefined();
  });

  it("shows a coupon in the form and sends its redeem-by date only when it changed", () => {
    const values = couponValues(coupon(), "fr", zone);
    expect(values).toMatchObject({
      code: "VIP",
      kind: "percent",
      percent: "12,5",
      maxRedemptions: "10",
      combinable: true,
      redeemBy: "2030-06-30T23:59",
      ticketIds: ["t1"],
    });
    expect(couponUpdateBody(values, coupon(), "fr", zone)).not.toHaveProperty("redeemBy");
    expect(couponUpdateBody({ ...values, redeemBy: "" }, coupon(), "fr", zone)).toMatchObject({ redeemBy: null });
    // Switching the kind sends the other discount as null.
    const amount = couponValues(coupon({ amountOffCents: 500, percentOffBp: null }), "en", zone);
    expect(amount).toMatchObject({ kind: "amount", amount: "5.00" });
    expect(couponUpdateBody({ ...amount, kind: "percent", percent: "20" }, coupon(), "en", zone)).toMatchObject({
      amountOffCents: null,
      percentOffBp: 2000,
    });
  });

  it("shows the discount in euros or percent and dates in the event's zone, in the user's language", () => {
    expect(discountText({ amountOffCents: 500, percentOffBp: null }, "en")).toBe("€5.00");
    expect(discountText({ amountOffCents: null, percentOffBp: 1250 }, "en")).toBe("12.5%");
    expect(discountText({ amountOffCents: null, percentOffBp: 1000 }, "fr")).toBe("10\u00a0%");
    expect(zonedDateTimeText("2030-06-30T21:59:00.000Z", "en", zone)).toBe("Jun 30, 2030, 11:59 PM");
    expect(zonedDateTimeText(null, "en", zone)).toBeNull();
  });
});
