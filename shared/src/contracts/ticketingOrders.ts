import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import {
  BillingAddressSchema,
  OrderAwait,
  OrderConfirm,
  OrderCreate,
  OrderDetailSchema,
  OrderExportQuery,
  OrderListQuery,
  OrderPage,
  OrderPay,
  OrderPayAnswer,
  OrderRefundBody,
  OrderUpdate,
} from "../schemas/ticketingOrders.ts";
import { contract } from "./contract.ts";

const tags = ["ticketing"];

const READ = "Anyone who sees the event.";
const WRITE = "Editors and up (events.update).";

/** /events/{a}/{e}/orders: the Order history and an order's actions (spec §4, §7 `orders`). */
export const orderContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/orders",
    summary: "List the event's orders",
    description:
      "Newest first unless `sort` says otherwise (ties by id); `status` comma-joined (in_cart, awaiting_payment, " +
      "completed, cancelled, refunded, partially_refunded); `search` on the reference, the buyer's name, email " +
      "and company; `from`/`to` on the order's date; `mode` test or live. `counts`: the filter's orders by " +
      `status, whatever \`status\` says. ${READ}`,
    tags,
    params: EventScopedParams,
    query: OrderListQuery,
    response: OrderPage,
    errors: [404, 422],
  }),
  export: contract({
    method: "get",
    path: "/events/:a/:e/orders/export",
    summary: "Export the event's orders",
    description:
      "The list's filters, every matching order (one line an item), as CSV or XLSX, streamed in constant " +
      `memory; cells that a spreadsheet would run as formulas are neutralised. ${READ}`,
    tags,
    params: EventScopedParams,
    query: OrderExportQuery,
    download: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    errors: [404, 422],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/orders/:id",
    summary: "Get an order",
    description: `Its items, coupons, payments, refunds, invoices, its timeline and the actions it allows. ${READ}`,
    tags,
    params: EventScopedIdParams,
    response: OrderDetailSchema,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/orders",
    summary: "Create an order",
    description:
      "The organizer's order for a guest of the event (spec §5: at least one ticket, 422 at_least_one_item): " +
      "tickets off sale may be sold; quotas hold as for buyers (409 ticket_unavailable, option_quota_filled, " +
      "ticket_already_owned); coupons by code. `paid`: completed (an invoice is issued), else awaiting its " +
      `payment with its places held. ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: OrderCreate,
    response: OrderDetailSchema,
    status: 201,
    errors: [403, 404, 409, 422],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/orders/:id",
    summary: "Update an order's billing address and contact",
    description: `A company needs a valid SIRET (422 siret_invalid). An invoice already issued keeps what it printed. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: OrderUpdate,
    response: OrderDetailSchema,
    errors: [403, 404, 422],
  }),
  pay: contract({
    method: "post",
    path: "/events/:a/:e/orders/:id/pay",
    summary: "Pay an order in cart",
    description:
      "By card: `payment_method_id` from Stripe Elements (the card never reaches the server); after a 3-D " +
      "Secure step, `payment_intent_id`. Terms must be accepted (422 terms_required); a company needs a valid " +
      "SIRET. 402 payment_declined: no money was taken. requires_action: run `clientSecret` through Stripe.js, " +
      `then call again with the intent. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: OrderPay,
    response: OrderPayAnswer,
    errors: [402, 403, 404, 409, 422, 502],
  }),
  confirm: contract({
    method: "post",
    path: "/events/:a/:e/orders/:id/confirm",
    summary: "Confirm an order's payment",
    description:
      "An order awaiting its payment (a transfer, at the desk) is paid: completed, its invoice issued; the " +
      `billing address may be given with it (spec §3 order confirmation). 409 order_action_not_allowed otherwise. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: OrderConfirm,
    response: OrderDetailSchema,
    errors: [403, 404, 409, 422],
  }),
  await: contract({
    method: "post",
    path: "/events/:a/:e/orders/:id/await",
    summary: "Place an order in cart awaiting its payment",
    description:
      "A transfer, a payment at the desk or another offline way: its places are held until it is confirmed or " +
      `cancelled. 409 order_action_not_allowed when not in cart. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: OrderAwait,
    response: OrderDetailSchema,
    errors: [403, 404, 409, 422],
  }),
  cancel: contract({
    method: "post",
    path: "/events/:a/:e/orders/:id/cancel",
    summary: "Cancel an unpaid order",
    description: `An order in cart or awaiting its payment: its places are released. 409 order_action_not_allowed otherwise. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    response: OrderDetailSchema,
    errors: [403, 404, 409],
  }),
  refund: contract({
    method: "post",
    path: "/events/:a/:e/orders/:id/refund",
    summary: "Refund an order, whole or some items",
    description:
      "Without `items`, every unit not refunded yet; with them, at least one (422 at_least_one_item), each at " +
      "most what is left of it. Never more than was captured, even when two refunds run at once. A credit note " +
      `refers to the order's invoice. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: OrderRefundBody,
    response: OrderDetailSchema,
    errors: [403, 404, 409, 422, 502],
  }),
  billingAddress: contract({
    method: "get",
    path: "/events/:a/:e/orders/:id/billingaddress",
    summary: "An order's billing address",
    description: READ,
    tags,
    params: EventScopedIdParams,
    response: BillingAddressSchema,
    errors: [404],
  }),
};
