import type { OrderStatus, PaymentMethod } from "@tessera/shared";
import type { TicketingMode } from "@tessera/shared/schemas/ticketingBilling";
import { BaseModel } from "./BaseModel.ts";

/** An order placed by a guest (spec §3 Order); amounts in cents of `currency`. */
export class Order extends BaseModel {
  static override tableName = "orders";
  static override booleanAttributes = ["isCompany"];
  static override timestampAttributes = ["orderedAt", "createdAt", "updatedAt", "holdExpiresAt", "termsAcceptedAt"];

  declare accountId: string;
  declare eventId: string;
  /** Who ordered; null only after that guest was deleted while the order was cancelled or refunded. */
  declare guestId: string | null;
  declare status: OrderStatus;
  declare paymentMethod: PaymentMethod | null;
  declare totalExclTaxCents: number;
  declare totalInclTaxCents: number;
  declare currency: string;
  declare billingName: string | null;
  declare address: string | null;
  declare zip: string | null;
  declare city: string | null;
  declare isCompany: boolean | null;
  declare siret: string | null;
  /** The short code people quote (a bank transfer's reference); unique in the event. */
  declare reference: string | null;
  /** The ticketing mode the order was placed in. */
  declare mode: TicketingMode;
  /** A cart (or a card payment under way) keeps its places until then; null once the order is placed. */
  declare holdExpiresAt: Date | null;
  declare termsAcceptedAt: Date | null;
  declare email: string | null;
  declare phone: string | null;
  declare language: string | null;
  declare orderedAt: Date;
  declare createdAt: Date;
  declare updatedAt: Date;
}
