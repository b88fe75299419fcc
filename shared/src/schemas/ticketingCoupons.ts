import { Type, type Static } from "@sinclair/typebox";
import { COUPON_CODE_PATTERN } from "../rules/couponCode.ts";
import { PERCENT_BP_MAX } from "../ticketing/money.ts";
import { MESSAGE_KEYWORD } from "./keywords.ts";
import { Nullable, Timestamp, Uuid } from "./common.ts";
import { TICKET_MAX_QUANTITY_MAX, TICKET_PRICE_CENTS_MAX } from "./ticketing.ts";

/*
 * Ticketing's coupons (spec §3 Coupon, §5 coupon code): a code of 1 to 15 characters without whitespace, unique
 * per event whatever its case; an amount off in cents or a percent off in basis points (exactly one); max
 * redemptions (null: unlimited); combinable with other coupons or not; a redeem-by date (null: none); the tickets
 * it applies to (empty: every ticket of the event). These are what shared's applyDiscounts reads.
 */

export const COUPON_TICKETS_MAX = 500;

export const CouponCode = Type.String({ pattern: COUPON_CODE_PATTERN, [MESSAGE_KEYWORD]: "coupon_code_format" });

export const CouponSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  code: Type.String(),
  /** Exactly one of amountOffCents and percentOffBp is not null. */
  amountOffCents: Nullable(Type.Integer()),
  /** Basis points (1000 = 10 %). */
  percentOffBp: Nullable(Type.Integer()),
  /** Null: unlimited. */
  maxRedemptions: Nullable(Type.Integer()),
  /** Times it is redeemed now: by live orders and carts holding their places. */
  redemptions: Type.Integer({ minimum: 0 }),
  combinable: Type.Boolean(),
  /** Null: no end. */
  redeemBy: Nullable(Timestamp),
  /** Empty: every ticket of the event. */
  ticketIds: Type.Array(Uuid),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CouponJson = Static<typeof CouponSchema>;

export const CouponList = Type.Object({ data: Type.Array(CouponSchema) });

const CouponFields = {
  code: CouponCode,
  amountOffCents: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: TICKET_PRICE_CENTS_MAX }))),
  percentOffBp: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: PERCENT_BP_MAX }))),
  maxRedemptions: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: TICKET_MAX_QUANTITY_MAX }))),
  combinable: Type.Optional(Type.Boolean()),
  redeemBy: Type.Optional(Nullable(Timestamp)),
  ticketIds: Type.Optional(Type.Array(Uuid, { uniqueItems: true, maxItems: COUPON_TICKETS_MAX })),
};

export const CouponCreate = Type.Object(CouponFields, { additionalProperties: false });
export type CouponCreate = Static<typeof CouponCreate>;

export const CouponUpdate = Type.Partial(Type.Object(CouponFields), { additionalProperties: false });
export type CouponUpdate = Static<typeof CouponUpdate>;
