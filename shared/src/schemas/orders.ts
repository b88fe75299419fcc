import { Type, type Static } from "@sinclair/typebox";
import { ORDER_STATUSES, PAYMENT_METHODS } from "../rules/orders.ts";
import { Nullable, Timestamp, Uuid, literals } from "./common.ts";

export const OrderStatusSchema = literals(ORDER_STATUSES);
export const PaymentMethodSchema = literals(PAYMENT_METHODS);

const Cents = Type.Integer({ description: "Amount in cents of `currency`." });
const TaxPercent = Nullable(Type.Number({ description: "VAT rate in percent; null: no VAT." }));

/** One ticket a guest holds: an item of a live order, quantity net of refunds. */
export const GuestTicketSchema = Type.Object({
  itemId: Uuid,
  ticketId: Uuid,
  caption: Type.String(),
  quantity: Type.Integer({ description: "Ordered quantity minus the refunded quantity." }),
  unitPriceInclTaxCents: Cents,
  unitPriceExclTaxCents: Cents,
  taxPercent: TaxPercent,
  currency: Type.String(),
  order: Type.Object({ id: Uuid, status: OrderStatusSchema, orderedAt: Timestamp, buyerGuestId: Nullable(Uuid) }),
});
export type GuestTicketJson = Static<typeof GuestTicketSchema>;
export const GuestTicketList = Type.Object({ data: Type.Array(GuestTicketSchema) });

export const OrderItemSchema = Type.Object({
  id: Uuid,
  ticketId: Uuid,
  caption: Type.String(),
  holderGuestId: Nullable(Uuid),
  quantity: Type.Integer(),
  refundedQuantity: Type.Integer(),
  unitPriceInclTaxCents: Cents,
  unitPriceExclTaxCents: Cents,
  taxPercent: TaxPercent,
});
export type OrderItemJson = Static<typeof OrderItemSchema>;

export const OrderSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  guestId: Nullable(Uuid),
  status: OrderStatusSchema,
  paymentMethod: Nullable(PaymentMethodSchema),
  totalExclTaxCents: Cents,
  totalInclTaxCents: Cents,
  currency: Type.String(),
  billingName: Nullable(Type.String()),
  address: Nullable(Type.String()),
  zip: Nullable(Type.String()),
  city: Nullable(Type.String()),
  isCompany: Nullable(Type.Boolean()),
  siret: Nullable(Type.String()),
  orderedAt: Timestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  items: Type.Array(OrderItemSchema),
});
export type OrderJson = Static<typeof OrderSchema>;
export const OrderList = Type.Object({ data: Type.Array(OrderSchema) });
