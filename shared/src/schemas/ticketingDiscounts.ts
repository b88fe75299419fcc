import { Type, type Static } from "@sinclair/typebox";
import { LINE_QUANTITY_MAX, PERCENT_BP_MAX } from "../ticketing/money.ts";
import { Nullable, Timestamp, Uuid } from "./common.ts";
import { TICKET_MAX_QUANTITY_MAX, TICKET_PRICE_CENTS_MAX } from "./ticketing.ts";

/*
 * Ticketing's automatic discounts (spec §7 `discounts`; pretix's "automatic discounts"): they apply without a code
 * when their conditions hold. A name of 1 to 100 characters; an amount off in cents or a percent off in basis
 * points (exactly one); the tickets it applies to (empty: every ticket of the event) and the least number of those
 * tickets the order must hold; a validity window (from inclusive, until exclusive, until after from; null: open);
 * max uses (null: unlimited); active or not; combinable with coupons or not; a position, the order in which the
 * event's discounts apply. shared's discountsFor turns them into what applyDiscounts reads.
 */

export const DISCOUNT_NAME_MAX = 100;
export const DISCOUNT_TICKETS_MAX = 500;
export const DISCOUNT_POSITION_MAX = 100_000;

export const DiscountSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  name: Type.String(),
  /** Exactly one of amountOffCents and percentOffBp is not null. */
  amountOffCents: Nullable(Type.Integer()),
  /** Basis points (1000 = 10 %). */
  percentOffBp: Nullable(Type.Integer()),
  /** Empty: every ticket of the event. */
  ticketIds: Type.Array(Uuid),
  /** The least number of the tickets it applies to that the order must hold. */
  minQuantity: Type.Integer(),
  /** Null: from always. Inclusive. */
  validFrom: Nullable(Timestamp),
  /** Null: no end. Exclusive. */
  validUntil: Nullable(Timestamp),
  /** Null: unlimited. */
  maxUses: Nullable(Type.Integer()),
  isActive: Type.Boolean(),
  combinableWithCoupons: Type.Boolean(),
  /** The order in which the event's discounts apply (lowest first). */
  position: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type DiscountJson = Static<typeof DiscountSchema>;

/** By position, then by name. */
export const DiscountList = Type.Object({ data: Type.Array(DiscountSchema) });

const DiscountFields = {
  name: Type.String({ minLength: 1, maxLength: DISCOUNT_NAME_MAX }),
  amountOffCents: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: TICKET_PRICE_CENTS_MAX }))),
  percentOffBp: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: PERCENT_BP_MAX }))),
  ticketIds: Type.Optional(Type.Array(Uuid, { uniqueItems: true, maxItems: DISCOUNT_TICKETS_MAX })),
  minQuantity: Type.Optional(Type.Integer({ minimum: 1, maximum: LINE_QUANTITY_MAX })),
  validFrom: Type.Optional(Nullable(Timestamp)),
  validUntil: Type.Optional(Nullable(Timestamp)),
  maxUses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: TICKET_MAX_QUANTITY_MAX }))),
  isActive: Type.Optional(Type.Boolean()),
  combinableWithCoupons: Type.Optional(Type.Boolean()),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: DISCOUNT_POSITION_MAX })),
};

export const DiscountCreate = Type.Object(DiscountFields, { additionalProperties: false });
export type DiscountCreate = Static<typeof DiscountCreate>;

export const DiscountUpdate = Type.Partial(Type.Object(DiscountFields), { additionalProperties: false });
export type DiscountUpdate = Static<typeof DiscountUpdate>;
