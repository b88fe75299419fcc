import type { DiscountJson } from "@tessera/shared/schemas/ticketingDiscounts";
import type { DiscountView } from "../../services/ticketing/discounts.ts";

/** An automatic discount with the tickets it applies to (empty: all); money in integer cents, a percent in basis points. */
export function presentDiscount({ discount, ticketIds }: DiscountView): DiscountJson {
  return {
    id: discount.id,
    eventId: discount.eventId,
    name: discount.name,
    amountOffCents: discount.amountOffCents,
    percentOffBp: discount.percentOffBp,
    ticketIds,
    minQuantity: discount.minQuantity,
    validFrom: discount.validFrom ? discount.validFrom.toISOString() : null,
    validUntil: discount.validUntil ? discount.validUntil.toISOString() : null,
    maxUses: discount.maxUses,
    isActive: discount.isActive,
    combinableWithCoupons: discount.combinableWithCoupons,
    position: discount.position,
    createdAt: discount.createdAt.toISOString(),
    updatedAt: discount.updatedAt.toISOString(),
  };
}
