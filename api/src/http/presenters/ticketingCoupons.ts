import type { CouponJson } from "@tessera/shared/schemas/ticketingCoupons";
import type { CouponView } from "../../services/ticketing/coupons.ts";

/** A coupon with the tickets it applies to (empty: all); money in integer cents, a percent in basis points. */
export function presentCoupon({ coupon, ticketIds, redemptions }: CouponView): CouponJson {
  return {
    id: coupon.id,
    eventId: coupon.eventId,
    code: coupon.code,
    amountOffCents: coupon.amountOffCents,
    percentOffBp: coupon.percentOffBp,
    maxRedemptions: coupon.maxRedemptions,
    redemptions,
    combinable: coupon.combinable,
    redeemBy: coupon.redeemBy ? coupon.redeemBy.toISOString() : null,
    ticketIds,
    createdAt: coupon.createdAt.toISOString(),
    updatedAt: coupon.updatedAt.toISOString(),
  };
}
