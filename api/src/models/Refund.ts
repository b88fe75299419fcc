import { BaseModel } from "./BaseModel.ts";

export interface RefundedItem {
  itemId: string;
  quantity: number;
}

/**
 * A refund of some or all of an order's items. Written (pending) before Stripe is called; its id is the
 * Idempotency-Key of that call. `late_payment`: a payment that succeeded after its hold expired, when the
 * places were gone.
 */
export class Refund extends BaseModel {
  static override tableName = "refunds";
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["items"];
  }

  declare orderId: string;
  declare paymentId: string | null;
  declare status: "pending" | "succeeded" | "failed";
  declare reason: "organizer" | "late_payment";
  declare amountCents: number;
  declare items: RefundedItem[];
  declare providerRefundId: string | null;
  declare createdBy: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
