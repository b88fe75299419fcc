import {
  BuyerInvoiceParams,
  BuyerOrderParams,
  BuyerOrderSchema,
  BuyerPayAnswer,
  BuyerPayBody,
  CartRequest,
  PortalInvoiceParams,
  PortalOrderList,
  PortalTicketList,
  QuoteSchema,
  TicketOfficeParams,
  TicketOfficeSchema,
} from "../schemas/ticketOffice.ts";
import { contract } from "./contract.ts";

const tags = ["ticket office"];

/**
 * /public/events/{event}/ticketoffice and …/orders: the buyer's side of ticketing (spec §2 order payment step,
 * guest "my orders"; §3 payment payload; §5). A cart is placed with a registration (sendForm's `order`); its
 * payment step is reached by the order's secret link, and the signed-in guest sees their orders in the portal.
 */
export const ticketOfficeContracts = {
  office: contract({
    method: "get",
    path: "/public/events/:event/ticketoffice",
    auth: "public",
    summary: "The event's ticket office",
    description:
      "Whether it sells now (sales started, office open), the tickets on sale at the current period's price with " +
      "the places left, their categories, the payment methods, the terms and the card form's configuration " +
      "(the publishable key of the account's Stripe keys for the event's mode). Closed: `open` false and no " +
      "tickets. 404 for an unknown event.",
    tags,
    params: TicketOfficeParams,
    response: TicketOfficeSchema,
    errors: [404],
  }),
  quote: contract({
    method: "post",
    path: "/public/events/:event/ticketoffice/quote",
    auth: "public",
    summary: "Price a cart",
    description:
      "The lines, coupons and automatic discounts as the order would be priced now, nothing held. Refusals as " +
      "placing it: 422 at_least_one_item, an option alone or a coupon refused (at `coupons.N`, with its reason); " +
      "409 ticket_unavailable or option_quota_filled when the places are not there. Messages in the " +
      "request's language.",
    tags,
    params: TicketOfficeParams,
    body: CartRequest,
    response: QuoteSchema,
    errors: [404, 409, 422],
  }),
  order: contract({
    method: "get",
    path: "/public/events/:event/orders/:id/:secret",
    auth: "public",
    summary: "An order's payment step",
    description:
      "The order its buyer's secret link opens: lines, coupons, totals and VAT, its billing, how it may be paid " +
      "now, its invoices and credit notes. A wrong secret: 404, as an unknown order.",
    tags,
    params: BuyerOrderParams,
    response: BuyerOrderSchema,
    errors: [404],
  }),
  pay: contract({
    method: "post",
    path: "/public/events/:event/orders/:id/:secret/pay",
    auth: "public",
    summary: "Pay an order",
    description:
      "Spec §3 payment payload. Card: `payment_method_id` made by Stripe.js in the browser; `requires_action` " +
      "gives the client secret for 3-D Secure, then the same call with `payment_intent_id` settles it. " +
      "Transfer or desk: the order awaits its payment, its places held. Terms must be accepted (422 " +
      "terms_required at `termsAccepted`), a company needs a valid SIRET (422 at `siret`), a card its " +
      "`payment_method_id` (422); a method the office does not take: 409 payment_method_unavailable; the office " +
      "closed meanwhile: 409 ticket_office_closed. A cart whose places went meanwhile: 409 ticket_unavailable. " +
      "A declined card: 402 payment_declined; Stripe not answering: 502 payment_failed. Asking again never " +
      "charges twice.",
    tags,
    params: BuyerOrderParams,
    body: BuyerPayBody,
    response: BuyerPayAnswer,
    errors: [402, 404, 409, 422, 502],
  }),
  invoice: contract({
    method: "get",
    path: "/public/events/:event/orders/:id/:secret/invoices/:invoiceId",
    auth: "public",
    summary: "An invoice or credit note of the order, as PDF",
    description: "In the request's language. 404 for another order's document or a wrong secret.",
    tags,
    params: BuyerInvoiceParams,
    download: "application/pdf",
    errors: [404],
  }),
  myOrders: contract({
    method: "get",
    path: "/public/events/:event/portal/orders",
    auth: "public",
    summary: "The signed-in guest's orders",
    description:
      "The orders the guest placed, newest first, carts that expired left out; each with its payment step's " +
      "path (an unpaid one can be paid) and its documents. 401 without a guest session of this event.",
    tags,
    params: TicketOfficeParams,
    response: PortalOrderList,
    errors: [401],
  }),
  myTickets: contract({
    method: "get",
    path: "/public/events/:event/portal/tickets",
    auth: "public",
    summary: "The tickets the signed-in guest holds",
    description:
      "Tickets held by the guest in live orders (paid, awaiting payment, partly refunded), refunds taken off, " +
      "newest first, whoever bought them: a companion sees the pass their godfather paid for, with the buyer's " +
      "name. 401 without a guest session of this event.",
    tags,
    params: TicketOfficeParams,
    response: PortalTicketList,
    errors: [401],
  }),
  myInvoice: contract({
    method: "get",
    path: "/public/events/:event/portal/invoices/:invoiceId",
    auth: "public",
    summary: "An invoice or credit note of the signed-in guest's orders, as PDF",
    description: "404 for a document of another guest's order; 401 without a guest session.",
    tags,
    params: PortalInvoiceParams,
    download: "application/pdf",
    errors: [401, 404],
  }),
};
