import type {
  BuyerOrderJson,
  PortalTicketJson,
  QuoteJson,
  TicketOfficeJson,
} from "@tessera/shared/schemas/ticketOffice";
import { orderTotals } from "@tessera/shared/ticketing/money";
import { paidLine } from "../../services/invoicing/issue.ts";
import { refundedCentsOf } from "../../services/orders/orderView.ts";
import type { BuyerOrderView } from "../../services/ticketOffice/buyerOrders.ts";
import type { Quote, TicketOfficeView } from "../../services/ticketOffice/office.ts";
import type { PortalTicketRow } from "../../services/ticketOffice/portalTickets.ts";

/** The ticket office as the registration form shows it. */
export function presentTicketOffice(office: TicketOfficeView): TicketOfficeJson {
  return {
    open: office.open,
    mode: office.mode,
    currency: "EUR",
    paymentMethods: office.paymentMethods,
    card: office.card,
    terms: office.terms,
    seller: office.seller,
    categories: office.categories.map((category) => ({
      id: category.id,
      name: category.name,
      colour: category.color,
      parentId: category.parentId,
    })),
    tickets: office.tickets.map((offered) => ({
      id: offered.ticket.id,
      caption: offered.ticket.caption,
      description: offered.ticket.description,
      categoryId: offered.ticket.categoryId,
      isOption: offered.ticket.isOption,
      taxRateBp: offered.taxRateBp,
      priceInclTaxCents: offered.priceInclTaxCents,
      priceExclTaxCents: offered.priceExclTaxCents,
      remaining: offered.remaining,
      priceUntil: offered.priceUntil?.toISOString() ?? null,
    })),
    holdMinutes: office.holdMinutes,
  };
}

const vatOf = (breakdown: ReturnType<typeof orderTotals>["vatBreakdown"]) =>
  breakdown.map((rate) => ({ taxRateBp: rate.taxRateBp, baseCents: rate.baseCents, taxCents: rate.taxCents }));

export function presentQuote({ priced, captions }: Quote): QuoteJson {
  return {
    lines: priced.items.map((item) => ({
      ticketId: item.ticketId,
      caption: captions.get(item.ticketId) ?? "",
      quantity: item.quantity,
      taxRateBp: item.taxRateBp,
      unitInclTaxCents: item.unitInclTaxCents,
      totalInclTaxCents: item.unitInclTaxCents * item.quantity - item.discountInclTaxCents,
      discountInclTaxCents: item.discountInclTaxCents,
    })),
    coupons: priced.coupons.map(({ coupon, amountCents }) => ({ code: coupon.code, amountCents })),
    discounts: priced.discounts.map(({ discount, amountCents }) => ({ name: discount.name, amountCents })),
    totalExclTaxCents: priced.totals.excludingCents,
    totalInclTaxCents: priced.totals.includingCents,
    vat: vatOf(priced.totals.vatBreakdown),
    currency: "EUR",
  };
}

/** An order as its buyer sees it (the payment step, "my orders"): never the organizer's notes or payments. */
export function presentBuyerOrder(buyer: BuyerOrderView): BuyerOrderJson {
  const { order, items, coupons, refunds, invoices } = buyer.view;
  const lines = items.map(({ item }) => paidLine(item));
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    mode: order.mode,
    paymentMethod: order.paymentMethod,
    orderedAt: order.orderedAt.toISOString(),
    holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
    lines: items.map(({ item, caption }, index) => ({
      ticketId: item.ticketId,
      caption,
      quantity: item.quantity,
      taxRateBp: lines[index]!.taxRateBp,
      unitInclTaxCents: item.unitPriceInclTaxCents,
      totalInclTaxCents: lines[index]!.includingCents,
      discountInclTaxCents: item.discountInclTaxCents,
    })),
    coupons: coupons.map(({ code, amountCents }) => ({ code, amountCents })),
    refundedCents: refundedCentsOf(refunds),
    totalExclTaxCents: order.totalExclTaxCents,
    totalInclTaxCents: order.totalInclTaxCents,
    vat: vatOf(orderTotals(lines).vatBreakdown),
    currency: order.currency,
    billing: {
      name: order.billingName,
      address: order.address,
      zip: order.zip,
      city: order.city,
      isCompany: order.isCompany,
      siret: order.siret,
    },
    paymentMethods: buyer.paymentMethods,
    card: buyer.card,
    terms: buyer.params?.terms ?? null,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      kind: invoice.kind,
      number: invoice.number,
      issuedAt: invoice.issuedAt.toISOString(),
      totalInclTaxCents: invoice.totalInclTaxCents,
      url: buyer.invoiceUrl(invoice.id),
    })),
    payPath: buyer.payPath,
  };
}

/** A ticket the signed-in guest holds: no price, which is the buyer's business when a godfather paid. */
export function presentPortalTicket({
  item,
  caption,
  order,
  boughtByYou,
  buyerName,
}: PortalTicketRow): PortalTicketJson {
  return {
    itemId: item.id,
    ticketId: item.ticketId,
    caption,
    quantity: item.quantity - item.refundedQuantity,
    status: order.status,
    orderedAt: order.orderedAt.toISOString(),
    boughtByYou,
    buyerName,
  };
}
