import type { GuestTicketJson, OrderItemJson, OrderJson } from "@tessera/shared";
import type { OrderItem } from "../../models/OrderItem.ts";
import type { HeldTicketRow, OrderWithItems } from "../../services/orders/guestOrders.ts";

export function presentHeldTicket({ item, caption, order }: HeldTicketRow): GuestTicketJson {
  return {
    itemId: item.id,
    ticketId: item.ticketId,
    caption,
    quantity: item.quantity - item.refundedQuantity,
    unitPriceInclTaxCents: item.unitPriceInclTaxCents,
    unitPriceExclTaxCents: item.unitPriceExclTaxCents,
    taxPercent: item.taxPercent,
    currency: order.currency,
    order: {
      id: order.id,
      status: order.status,
      orderedAt: order.orderedAt.toISOString(),
      buyerGuestId: order.guestId,
    },
  };
}

function presentItem(item: OrderItem, caption: string): OrderItemJson {
  return {
    id: item.id,
    ticketId: item.ticketId,
    caption,
    holderGuestId: item.holderGuestId,
    quantity: item.quantity,
    refundedQuantity: item.refundedQuantity,
    unitPriceInclTaxCents: item.unitPriceInclTaxCents,
    unitPriceExclTaxCents: item.unitPriceExclTaxCents,
    taxPercent: item.taxPercent,
  };
}

export function presentOrder({ order, items }: OrderWithItems): OrderJson {
  return {
    id: order.id,
    eventId: order.eventId,
    guestId: order.guestId,
    status: order.status,
    paymentMethod: order.paymentMethod,
    totalExclTaxCents: order.totalExclTaxCents,
    totalInclTaxCents: order.totalInclTaxCents,
    currency: order.currency,
    billingName: order.billingName,
    address: order.address,
    zip: order.zip,
    city: order.city,
    isCompany: order.isCompany,
    siret: order.siret,
    orderedAt: order.orderedAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    items: items.map(({ item, caption }) => presentItem(item, caption)),
  };
}
