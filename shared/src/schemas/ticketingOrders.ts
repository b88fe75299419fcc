import { Type, type Static } from "@sinclair/typebox";
import { ORDER_STATUSES } from "../rules/orders.ts";
import { Nullable, Timestamp, Uuid, literals } from "./common.ts";
import { InvoiceSchema } from "./invoices.ts";
import { OrderItemSchema, OrderStatusSchema, PaymentMethodSchema } from "./orders.ts";
import { TicketingPaymentMethodSchema } from "./ticketingBilling.ts";

/*
 * The organizer's orders (issue 14, spec §3 Order, §4 statuses and actions, §7 `orders`): the Order history's
 * list and export, an order's page (items, coupons, payments, refunds, invoices, timeline) and its actions.
 */

const Cents = Type.Integer({ description: "Amount in cents of the order's currency." });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Line = Type.String({ maxLength: 300 });

/** One line of the Order history. */
export const OrderSummarySchema = Type.Object({
  id: Uuid,
  /** As printed on the buyer's mails and invoices: 8 characters. */
  reference: Nullable(Type.String()),
  status: OrderStatusSchema,
  paymentMethod: Nullable(PaymentMethodSchema),
  mode: literals(["test", "live"] as const),
  /** The buyer: the guest who ordered, named as the guest list names them. */
  guestId: Nullable(Uuid),
  orderedBy: Nullable(Type.String()),
  /** The order's contact email, else its buyer's. */
  email: Nullable(Type.String()),
  totalExclTaxCents: Cents,
  totalInclTaxCents: Cents,
  refundedCents: Cents,
  currency: Type.String(),
  isCompany: Nullable(Type.Boolean()),
  /** Units ordered, refunds not taken off. */
  units: Type.Integer(),
  orderedAt: Timestamp,
  /** A cart's or an unpaid card payment's hold: its places are released after it. */
  holdExpiresAt: Nullable(Timestamp),
});
export type OrderSummaryJson = Static<typeof OrderSummarySchema>;

export const ORDER_SORTS = ["orderedAt", "totalInclTaxCents", "status"] as const;

export const OrderListQuery = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 200, description: "comma-joined statuses" })),
  search: Type.Optional(Type.String({ maxLength: 200, description: "reference, buyer's name, email or company" })),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  mode: Type.Optional(literals(["test", "live"] as const)),
  sort: Type.Optional(literals(ORDER_SORTS)),
  order: Type.Optional(literals(["asc", "desc"] as const)),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type OrderListQuery = Static<typeof OrderListQuery>;

export const OrderPage = Type.Object({
  data: Type.Array(OrderSummarySchema),
  pagination: Type.Object({ page: Type.Integer(), perPage: Type.Integer(), total: Type.Integer() }),
  /** Orders of the whole filter (not just the page) by status, for the status tabs' counts. */
  counts: Type.Record(Type.String(), Type.Integer()),
});

export const OrderExportQuery = Type.Object({
  format: Type.Optional(literals(["csv", "xlsx"] as const)),
  status: Type.Optional(Type.String({ maxLength: 200 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  mode: Type.Optional(literals(["test", "live"] as const)),
});
export type OrderExportQuery = Static<typeof OrderExportQuery>;

export const OrderCouponSchema = Type.Object({ couponId: Uuid, code: Type.String(), amountCents: Cents });

export const OrderPaymentSchema = Type.Object({
  id: Uuid,
  provider: literals(["stripe", "offline"] as const),
  status: Type.String(),
  amountCents: Cents,
  capturedCents: Cents,
  refundedCents: Cents,
  failureCode: Nullable(Type.String()),
  createdAt: Timestamp,
});

export const OrderRefundSchema = Type.Object({
  id: Uuid,
  status: literals(["pending", "succeeded", "failed"] as const),
  reason: literals(["organizer", "late_payment"] as const),
  amountCents: Cents,
  items: Type.Array(Type.Object({ itemId: Uuid, quantity: Type.Integer() })),
  createdAt: Timestamp,
});

export const ORDER_TIMELINE_KINDS = [
  "created",
  "held",
  "payment_started",
  "payment_succeeded",
  "payment_failed",
  "awaiting_payment",
  "confirmed",
  "cancelled",
  "refund",
  "invoice",
] as const;

export const OrderTimelineEntry = Type.Object({
  at: Timestamp,
  kind: literals(ORDER_TIMELINE_KINDS),
  /** The amount it moved, when it moved money. */
  amountCents: Nullable(Type.Integer()),
  /** An invoice's or credit note's number, a decline code. */
  detail: Nullable(Type.String()),
});

export const BillingAddressSchema = Type.Object({
  name: Nullable(Type.String()),
  address: Nullable(Type.String()),
  zip: Nullable(Type.String()),
  city: Nullable(Type.String()),
  isCompany: Nullable(Type.Boolean()),
  siret: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
});
export type BillingAddressJson = Static<typeof BillingAddressSchema>;

export const OrderDetailSchema = Type.Object({
  ...OrderSummarySchema.properties,
  eventId: Uuid,
  language: Nullable(Type.String()),
  billing: BillingAddressSchema,
  termsAcceptedAt: Nullable(Timestamp),
  items: Type.Array(
    Type.Object({
      ...OrderItemSchema.properties,
      /** The holder as the guest list names them (null: nobody holds the line). */
      holderName: Nullable(Type.String()),
    }),
  ),
  coupons: Type.Array(OrderCouponSchema),
  payments: Type.Array(OrderPaymentSchema),
  refunds: Type.Array(OrderRefundSchema),
  invoices: Type.Array(InvoiceSchema),
  timeline: Type.Array(OrderTimelineEntry),
  /** What the caller may do with it now (its status allows it and they may edit the event): the page's buttons. */
  actions: Type.Array(literals(["pay", "confirm", "await", "refund", "cancel"] as const)),
});
export type OrderDetailJson = Static<typeof OrderDetailSchema>;

const WantedItemSchema = Type.Object(
  {
    ticketId: Uuid,
    quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
    holderGuestId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);

/** The organizer's "create order": placed for a guest, paid (completed) or awaiting a payment. */
export const OrderCreate = Type.Object(
  {
    guestId: Uuid,
    items: Type.Array(WantedItemSchema, { maxItems: 100 }),
    coupons: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 15 }), { maxItems: 10 })),
    paymentMethod: literals(["transfer", "desk", "cheque", "cash", "other"] as const),
    /** The payment is already received: the order is completed; else it awaits it, holding its places. */
    paid: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type OrderCreate = Static<typeof OrderCreate>;

const BillingFields = {
  name: Type.Optional(Name),
  address: Type.Optional(Line),
  zip: Type.Optional(Type.String({ maxLength: 20 })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
  isCompany: Type.Optional(Type.Boolean()),
  siret: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
};

/** POST orders/{id}: the billing address and contact, corrected by the organizer. */
export const OrderUpdate = Type.Object(
  {
    ...BillingFields,
    email: Type.Optional(Nullable(Type.String({ format: "email", maxLength: 254 }))),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  },
  { additionalProperties: false },
);
export type OrderUpdate = Static<typeof OrderUpdate>;

/** Spec §3 payment payload: the card's PaymentMethod from Stripe Elements, or the intent after 3-D Secure. */
export const OrderPay = Type.Object(
  {
    method: Type.Optional(TicketingPaymentMethodSchema),
    payment_method_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    payment_intent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    termsAccepted: Type.Optional(Type.Boolean()),
    ...BillingFields,
    phone: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  },
  { additionalProperties: false },
);
export type OrderPay = Static<typeof OrderPay>;

export const OrderPayAnswer = Type.Object({
  status: literals([...ORDER_STATUSES, "requires_action"] as const),
  /** requires_action: what Stripe.js needs to run 3-D Secure in the browser. */
  clientSecret: Type.Optional(Type.String()),
  order: OrderDetailSchema,
});

/** Spec §3 order confirmation payload: the payment of an order awaiting it was received. */
export const OrderConfirm = Type.Object(BillingFields, { additionalProperties: false });
export type OrderConfirm = Static<typeof OrderConfirm>;

/** A cart placed awaiting a transfer or a payment at the desk, its places held. */
export const OrderAwait = Type.Object(
  { paymentMethod: literals(["transfer", "desk", "cheque", "cash", "other"] as const) },
  { additionalProperties: false },
);
export type OrderAwait = Static<typeof OrderAwait>;

export const OrderRefundBody = Type.Object(
  {
    items: Type.Optional(
      Type.Array(
        Type.Object(
          { itemId: Uuid, quantity: Type.Optional(Type.Integer({ minimum: 1 })) },
          { additionalProperties: false },
        ),
        { maxItems: 100 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type OrderRefundBody = Static<typeof OrderRefundBody>;
