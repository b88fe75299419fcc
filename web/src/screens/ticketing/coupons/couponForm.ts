import { isValidCouponCode } from "@tessera/shared/rules/couponCode";
import { TICKET_MAX_QUANTITY_MAX } from "@tessera/shared/schemas/ticketing";
import { PERCENT_BP_MAX } from "@tessera/shared/ticketing/money";
import { fromZonedInput, toZonedInput } from "@/app/zonedTime.ts";
import type { CouponCreateBody, CouponJson, CouponUpdateBody } from "@/queries/ticketingCoupons.ts";
import { amountToCents, basisPointsToPercent, centsToAmount, percentToBasisPoints, wholeNumberIn } from "../prices.ts";

/*
 * The Coupons tab's form (spec §3 Coupon, §5 coupon code): what the organizer types (an amount off in euros or a
 * percent off in their language's notation, a redeem-by date in the event's time zone) to what the API takes
 * (cents or basis points, a UTC instant) and back. The checks are shared's schema's (CouponCreate), so the form
 * refuses what the API would, with the API's own messages (validation catalogue) where it has one.
 */

/** Spec §3: an amount off in euros, or a percent off. */
export type DiscountKind = "amount" | "percent";

export interface CouponValues {
  code: string;
  kind: DiscountKind;
  /** Euros, in the language's notation ("12.50", "12,50"). */
  amount: string;
  /** A percent with at most two decimals ("10", "12,5"). */
  percent: string;
  /** Empty: unlimited. */
  maxRedemptions: string;
  combinable: boolean;
  /** The wall-clock "YYYY-MM-DDTHH:mm" of the event's zone; empty: no end. */
  redeemBy: string;
  /** Empty: every ticket of the event. */
  ticketIds: string[];
}

export const emptyCouponValues = (): CouponValues => ({
  code: "",
  kind: "percent",
  amount: "",
  percent: "",
  maxRedemptions: "",
  combinable: false,
  redeemBy: "",
  ticketIds: [],
});

/** A coupon's values in the form. */
export function couponValues(coupon: CouponJson, language: string, timeZone: string): CouponValues {
  return {
    code: coupon.code,
    kind: coupon.amountOffCents !== null ? "amount" : "percent",
    amount: coupon.amountOffCents !== null ? centsToAmount(coupon.amountOffCents, language) : "",
    percent: coupon.percentOffBp !== null ? basisPointsToPercent(coupon.percentOffBp, language) : "",
    maxRedemptions: coupon.maxRedemptions === null ? "" : String(coupon.maxRedemptions),
    combinable: coupon.combinable,
    redeemBy: toZonedInput(coupon.redeemBy, timeZone),
    ticketIds: [...coupon.ticketIds],
  };
}

/** The amount off in cents: from 1 cent to the catalogue's largest price; undefined otherwise. */
export function amountOffCents(text: string, language: string): number | undefined {
  const cents = amountToCents(text, language);
  return cents !== undefined && cents >= 1 ? cents : undefined;
}

/** The percent off in basis points: more than 0 and at most 100 %; undefined otherwise. */
export function percentOffBp(text: string, language: string): number | undefined {
  const bp = percentToBasisPoints(text, language);
  return bp !== undefined && bp >= 1 && bp <= PERCENT_BP_MAX ? bp : undefined;
}

/** Max redemptions: empty (unlimited, null), a whole number from 1 to the quantity limit, else undefined. */
export function maxRedemptionsOf(text: string): number | null | undefined {
  return text.trim() ? wholeNumberIn(text, 1, TICKET_MAX_QUANTITY_MAX) : null;
}

/** What is wrong with a field, as a key of the catalogues (web's, or the API's own validation message). */
export type CouponProblem =
  | "validation:coupon_code_format"
  | "validation:redeem_by_past"
  | "ticketing.coupons.amountInvalid"
  | "ticketing.coupons.percentInvalid"
  | "ticketing.coupons.maxInvalid"
  | "ticketing.coupons.redeemByInvalid";

export type CouponProblems = Partial<
  Record<"code" | "amount" | "percent" | "maxRedemptions" | "redeemBy", CouponProblem>
>;

/**
 * The form's checks: the code as the API's rule reads it (kept as typed: " VIP" is refused, not trimmed), the
 * discount of the kind chosen, max redemptions, and a redeem-by date not in the past when it is typed (a coupon
 * whose date has passed may keep it while its other fields change).
 */
export function couponProblems(
  values: CouponValues,
  language: string,
  timeZone: string,
  options: { initialRedeemBy?: string; now?: number } = {},
): CouponProblems {
  const problems: CouponProblems = {};
  if (!isValidCouponCode(values.code)) problems.code = "validation:coupon_code_format";
  if (values.kind === "amount" && amountOffCents(values.amount, language) === undefined)
    problems.amount = "ticketing.coupons.amountInvalid";
  if (values.kind === "percent" && percentOffBp(values.percent, language) === undefined)
    problems.percent = "ticketing.coupons.percentInvalid";
  if (maxRedemptionsOf(values.maxRedemptions) === undefined) problems.maxRedemptions = "ticketing.coupons.maxInvalid";
  if (values.redeemBy && values.redeemBy !== options.initialRedeemBy) {
    const instant = fromZonedInput(values.redeemBy, timeZone);
    if (!instant) problems.redeemBy = "ticketing.coupons.redeemByInvalid";
    else if (Date.parse(instant) < (options.now ?? Date.now())) problems.redeemBy = "validation:redeem_by_past";
  }
  return problems;
}

/** The body that creates the coupon; the form's checks have passed. */
export function couponBody(values: CouponValues, language: string, timeZone: string): CouponCreateBody {
  return {
    code: values.code,
    amountOffCents: values.kind === "amount" ? (amountOffCents(values.amount, language) ?? null) : null,
    percentOffBp: values.kind === "percent" ? (percentOffBp(values.percent, language) ?? null) : null,
    maxRedemptions: maxRedemptionsOf(values.maxRedemptions) ?? null,
    combinable: values.combinable,
    redeemBy: fromZonedInput(values.redeemBy, timeZone),
    ticketIds: [...values.ticketIds],
  };
}

/**
 * The body that changes the coupon: the whole of it, except a redeem-by date left as it was (the API checks a
 * date sent against the clock, and one that has passed would refuse every other change).
 */
export function couponUpdateBody(
  values: CouponValues,
  coupon: CouponJson,
  language: string,
  timeZone: string,
): CouponUpdateBody {
  const { redeemBy, ...body } = couponBody(values, language, timeZone);
  return values.redeemBy === toZonedInput(coupon.redeemBy, timeZone) ? body : { ...body, redeemBy };
}
