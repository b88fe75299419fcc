import type { BillingAddressJson, OrderDetailJson, OrderSummaryJson } from "@tessera/shared/schemas/ticketingOrders";
import type { Order } from "../../models/Order.ts";
import type { OrderSummaryRow } from "../../services/orders/orderList.ts";
import { orderActions, orderTimeline, refundedCentsOf, type OrderView } from "../../services/orders/orderView.ts";
import { presentInvoice } from "./invoices.ts";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function summaryOf(
  order: Order,
  extra: Pick<OrderSummaryJson, "orderedBy" | "refundedCents" | "units">,
): OrderSummaryJson {
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    paymentMethod: order.paymentMethod,
    mode: order.mode,
    guestId: order.guestId,
    email: order.email,
    totalExclTaxCents: order.totalExclTaxCents,
    totalInclTaxCents: order.totalInclTaxCents,
    currency: order.currency,
    isCompany: order.isCompany,
    orderedAt: order.orderedAt.toISOString(),
    holdExpiresAt: iso(order.holdExpiresAt),
    ...extra,
  };
}

export function presentOrderSummary(row: OrderSummaryRow): OrderSummaryJson {
  return {
    ...summaryOf(row.order, { orderedBy: row.orderedBy, refundedCents: row.refundedCents, units: row.units }),
    email: row.order.email ?? row.buyerEmail,
  };
}

export function presentBillingAddress(order: Order): BillingAddressJson {
  return {
    name: order.billingName,
    address: order.address,
    zip: order.zip,
    city: order.city,
    isCompany: order.isCompany,
    siret: order.siret,
    email: order.email,
    phone: order.phone,
  };
}

export function presentOrderDetail(view: OrderView): OrderDetailJson {
  const { order } = view;
  return {
    ...summaryOf(order, {
      orderedBy: view.orderedBy,
      refundedCents: refundedCentsOf(view.refunds),
      units: view.items.reduce((sum, { item }) => sum + item.quantity, 0),
    }),
    email: order.email ?? view.buyerEmail,
    eventId: order.eventId,
    language: order.language,
    billing: presentBillingAddress(order),
    termsAcceptedAt: iso(order.termsAcceptedAt),
    items: view.items.map(({ item, caption, holderName }) => ({
      id: item.id,
      ticketId: item.ticketId,
      caption,
      holderGuestId: item.holderGuestId,
      quantity: item.quantity,
      refundedQuantity: item.refundedQuantity,
      unitPriceInclTaxCents: item.unitPriceInclTaxCents,
      unitPriceExclTaxCents: item.unitPriceExclTaxCents,
      taxPercent: item.taxPercent,
      holderName,
    })),
    coupons: view.coupons,
    payments: view.payments.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      status: payment.status,
      amountCents: payment.amountCents,
      capturedCents: payment.capturedCents,
      refundedCents: payment.refundedCents,
      failureCode: payment.failureCode,
      createdAt: payment.createdAt.toISOString(),
    })),
    refunds: view.refunds.map((refund) => ({
      id: refund.id,
      status: refund.status,
      reason: refund.reason,
      amountCents: refund.amountCents,
      items: refund.items.map((item) => ({ itemId: item.itemId, quantity: item.quantity })),
      createdAt: refund.createdAt.toISOString(),
    })),
    invoices: view.invoices.map(presentInvoice),
    timeline: orderTimeline(view).map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    actions: view.canAct ? orderActions(order) : [],
  };
}
