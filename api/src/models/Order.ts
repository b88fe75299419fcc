import type { OrderStatus, PaymentMethod } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** An order placed by a guest (spec §3 Order); amounts in cents of `currency`. */
export class Order extends BaseModel {
  static override tableName = "orders";
  static override booleanAttributes = ["isCompany"];
  static override timestampAttributes = ["orderedAt", "createdAt", "updatedAt"];

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
  declare orderedAt: Date;
  declare createdAt: Date;
  declare updatedAt: Date;
}
