import type { TicketingMode } from "@tessera/shared/schemas/ticketingBilling";
import { BaseModel } from "./BaseModel.ts";

export type PaymentStatus = "pending" | "requires_action" | "succeeded" | "failed" | "cancelled";

/**
 * One attempt to pay an order. Its id is the Idempotency-Key of its Stripe calls: the row is committed before
 * Stripe is called, so a retry after a crash asks Stripe for the same PaymentIntent. Captured and refunded
 * amounts change only under a lock on this row.
 */
export class Payment extends BaseModel {
  static override tableName = "payments";
  static override timestampAttributes = ["createdAt", "updatedAt"];

  declare orderId: string;
  declare provider: "stripe" | "offline";
  declare mode: TicketingMode;
  declare status: PaymentStatus;
  /** Stripe's PaymentIntent id, once Stripe answered. */
  declare intentId: string | null;
  /** The card's PaymentMethod id ("pm_…"), kept to repeat the same Stripe request on recovery. */
  declare providerMethodId: string | null;
  declare amountCents: number;
  declare capturedCents: number;
  declare refundedCents: number;
  declare failureCode: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
