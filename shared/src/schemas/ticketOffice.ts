import { Type, type Static } from "@sinclair/typebox";
import { Nullable, Timestamp, Uuid, literals } from "./common.ts";
import { INVOICE_KINDS } from "./invoices.ts";
import { PortalParams } from "./portal.ts";
import { OrderStatusSchema, PaymentMethodSchema } from "./orders.ts";
import { TicketingPaymentMethodSchema } from "./ticketingBilling.ts";

/*
 * The buyer's side of ticketing (issue 14, spec §2 "order payment step", guest "my orders"; §3 payment payload;
 * §5 terms before paying): the event's ticket office as the public registration form shows it, a price quote,
 * the cart placed with a registration, an order's payment step reached by its secret link, and the signed-in
 * guest's orders in the portal.
 */

const Cents = Type.Integer({ description: "Amount in cents of `currency`." });
const TaxRateBp = Nullable(Type.Integer({ description: "VAT rate in basis points (2000 = 20 %); null: no VAT." }));
/** A buyer's order link: the order's id and its secret (never its reference alone, which is printed). */
const OrderSecret = Type.String({ minLength: 32, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" });

const EventSlug = PortalParams.properties.event;
export const TicketOfficeParams = PortalParams;
export const BuyerOrderParams = Type.Object({ event: EventSlug, id: Uuid, secret: OrderSecret });
export const BuyerInvoiceParams = Type.Object({ event: EventSlug, id: Uuid, secret: OrderSecret, invoiceId: Uuid });
export const PortalInvoiceParams = Type.Object({ event: EventSlug, invoiceId: Uuid });

export const OfficeCategorySchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  colour: Nullable(Type.String()),
  parentId: Nullable(Uuid),
});

/** A ticket on sale now, at the price of the current price period. */
export const OfficeTicketSchema = Type.Object({
  id: Uuid,
  caption: Type.String(),
  description: Nullable(Type.String()),
  categoryId: Nullable(Uuid),
  /** An option: bought only with a ticket that is not one (spec §3). */
  isOption: Type.Boolean(),
  taxRateBp: TaxRateBp,
  priceInclTaxCents: Cents,
  priceExclTaxCents: Cents,
  /** Places left for buyers (quota minus live orders and held carts); null: unlimited. 0: sold out. */
  remaining: Nullable(Type.Integer({ minimum: 0 })),
  /** The current price period's end: the price changes then (null: it does not). */
  priceUntil: Nullable(Timestamp),
});

/** The card form's configuration: Stripe.js loaded from `stripeJsUrl` with the event's publishable key. */
export const CardSetupSchema = Type.Object({
  publishableKey: Type.String(),
  stripeJsUrl: Type.String(),
});

export const TicketOfficeSchema = Type.Object({
  /** Sales started and the office open: the form offers its tickets. Closed: the rest is empty. */
  open: Type.Boolean(),
  mode: literals(["test", "live"] as const),
  currency: Type.String(),
  paymentMethods: Type.Array(TicketingPaymentMethodSchema),
  /** Card payments: how the browser reaches Stripe; null when the account has no key for the event's mode. */
  card: Nullable(CardSetupSchema),
  /** The terms a buyer accepts before paying (spec §5); null: none set. */
  terms: Nullable(Type.String()),
  /** The seller as invoices name it (corporate name); null before billing information is set. */
  seller: Nullable(Type.String()),
  categories: Type.Array(OfficeCategorySchema),
  tickets: Type.Array(OfficeTicketSchema),
  /** How long a cart keeps its places, in minutes. */
  holdMinutes: Type.Integer(),
});
export type TicketOfficeJson = Static<typeof TicketOfficeSchema>;

/** What a buyer asks for: tickets and options by quantity, coupons by code. */
export const CartRequest = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { ticketId: Uuid, quantity: Type.Integer({ minimum: 1, maximum: 100 }) },
        { additionalProperties: false },
      ),
      { maxItems: 100 },
    ),
    coupons: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 15 }), { maxItems: 10 })),
  },
  { additionalProperties: false },
);
export type CartRequest = Static<typeof CartRequest>;

export const QuoteLineSchema = Type.Object({
  ticketId: Uuid,
  caption: Type.String(),
  quantity: Type.Integer(),
  taxRateBp: TaxRateBp,
  unitInclTaxCents: Cents,
  /** The line's total, discounts taken off, including tax. */
  totalInclTaxCents: Cents,
  discountInclTaxCents: Cents,
});

export const VatLineSchema = Type.Object({ taxRateBp: TaxRateBp, baseCents: Cents, taxCents: Cents });

/** A price as the order would be placed now (nothing held). */
export const QuoteSchema = Type.Object({
  lines: Type.Array(QuoteLineSchema),
  /** The coupons taken, with what each took off. A coupon refused answers 422 at `coupons.N` instead. */
  coupons: Type.Array(Type.Object({ code: Type.String(), amountCents: Cents })),
  /** Automatic discounts that applied. */
  discounts: Type.Array(Type.Object({ name: Type.String(), amountCents: Cents })),
  totalExclTaxCents: Cents,
  totalInclTaxCents: Cents,
  vat: Type.Array(VatLineSchema),
  currency: Type.String(),
});
export type QuoteJson = Static<typeof QuoteSchema>;

/** The cart a registration placed: the payment step's link is /{event}/orders/{id}/{secret}. */
export const PlacedCartSchema = Type.Object({
  id: Uuid,
  secret: OrderSecret,
  reference: Nullable(Type.String()),
  status: OrderStatusSchema,
  totalInclTaxCents: Cents,
  holdExpiresAt: Nullable(Timestamp),
});
export type PlacedCartJson = Static<typeof PlacedCartSchema>;

export const BuyerInvoiceSchema = Type.Object({
  id: Uuid,
  kind: literals(INVOICE_KINDS),
  number: Type.String(),
  issuedAt: Timestamp,
  totalInclTaxCents: Cents,
  /** The PDF, for this buyer's link (or session). */
  url: Type.String(),
});

/** An order as its buyer sees it: the payment step and "my orders". */
export const BuyerOrderSchema = Type.Object({
  id: Uuid,
  reference: Nullable(Type.String()),
  status: OrderStatusSchema,
  mode: literals(["test", "live"] as const),
  paymentMethod: Nullable(PaymentMethodSchema),
  orderedAt: Timestamp,
  /** A cart's or a card payment's hold: the places are released after it. */
  holdExpiresAt: Nullable(Timestamp),
  lines: Type.Array(QuoteLineSchema),
  coupons: Type.Array(Type.Object({ code: Type.String(), amountCents: Cents })),
  refundedCents: Cents,
  totalExclTaxCents: Cents,
  totalInclTaxCents: Cents,
  vat: Type.Array(VatLineSchema),
  currency: Type.String(),
  billing: Type.Object({
    name: Nullable(Type.String()),
    address: Nullable(Type.String()),
    zip: Nullable(Type.String()),
    city: Nullable(Type.String()),
    isCompany: Nullable(Type.Boolean()),
    siret: Nullable(Type.String()),
  }),
  /** How it may be paid now (empty unless in cart, or awaiting payment by card). */
  paymentMethods: Type.Array(TicketingPaymentMethodSchema),
  card: Nullable(CardSetupSchema),
  terms: Nullable(Type.String()),
  invoices: Type.Array(BuyerInvoiceSchema),
  /** The payment step's path for this order (portal answers carry it so an unpaid order can be paid). */
  payPath: Type.String(),
});
export type BuyerOrderJson = Static<typeof BuyerOrderSchema>;

/** Spec §3 payment payload, as the buyer's payment step sends it. */
export const BuyerPayBody = Type.Object(
  {
    method: TicketingPaymentMethodSchema,
    /** A card's PaymentMethod made by Stripe.js ("pm_…"): card data never reaches Tessera. */
    payment_method_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    /** After a 3-D Secure step in the browser: the intent to settle. */
    payment_intent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    termsAccepted: Type.Boolean(),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    address: Type.String({ minLength: 1, maxLength: 300 }),
    zip: Type.String({ minLength: 1, maxLength: 20 }),
    city: Type.String({ minLength: 1, maxLength: 100 }),
    isCompany: Type.Boolean(),
    siret: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  },
  { additionalProperties: false },
);
export type BuyerPayBody = Static<typeof BuyerPayBody>;

export const BuyerPayAnswer = Type.Object({
  status: literals(["completed", "awaiting_payment", "cancelled", "requires_action"] as const),
  /** requires_action: what Stripe.js needs to run 3-D Secure in the browser. */
  clientSecret: Type.Optional(Type.String()),
  order: BuyerOrderSchema,
});
export type BuyerPayAnswer = Static<typeof BuyerPayAnswer>;

export const PortalOrderList = Type.Object({ data: Type.Array(BuyerOrderSchema) });

/** A ticket the signed-in guest holds ("my tickets"), whoever bought it: theirs, or a pass a godfather paid for. */
export const PortalTicketSchema = Type.Object({
  itemId: Uuid,
  ticketId: Uuid,
  caption: Type.String(),
  quantity: Type.Integer({ description: "Held quantity, refunds taken off." }),
  /** The order's status: completed, awaiting payment or partially refunded. */
  status: OrderStatusSchema,
  orderedAt: Timestamp,
  boughtByYou: Type.Boolean(),
  /** Who bought it when another guest did; null when the guest did or the organizer issued it. */
  buyerName: Nullable(Type.String()),
});
export type PortalTicketJson = Static<typeof PortalTicketSchema>;
export const PortalTicketList = Type.Object({ data: Type.Array(PortalTicketSchema) });
