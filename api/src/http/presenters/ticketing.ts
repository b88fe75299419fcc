import type { TicketCategoryJson, TicketJson } from "@tessera/shared/schemas/ticketing";
import type { TicketCategory } from "../../models/TicketCategory.ts";
import { taxRateBpOf, type TicketView } from "../../services/ticketing/catalogue.ts";

export function presentTicketCategory(category: TicketCategory): TicketCategoryJson {
  return {
    id: category.id,
    eventId: category.eventId,
    name: category.name,
    color: category.color,
    parentId: category.parentId,
    position: category.position,
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  };
}

/** A ticket with its price periods by start; money in integer cents, the tax rate in basis points. */
export function presentTicket({ ticket, periods }: TicketView): TicketJson {
  return {
    id: ticket.id,
    eventId: ticket.eventId,
    caption: ticket.caption,
    description: ticket.description,
    taxRateBp: taxRateBpOf(ticket),
    maxQuantity: ticket.maxQuantity,
    isOption: ticket.isOption,
    isOnSale: ticket.isOnSale,
    categoryId: ticket.categoryId,
    position: ticket.position,
    pricePeriods: periods.map((period) => ({
      id: period.id,
      startsAt: period.startsAt.toISOString(),
      endsAt: period.endsAt?.toISOString() ?? null,
      priceExclTaxCents: period.priceExclTaxCents,
      priceInclTaxCents: period.priceInclTaxCents,
    })),
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}
