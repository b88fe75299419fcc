import type { OrderStatus, PaymentMethod } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** An order placed by a guest (spec §3 Order); amounts in cents of `currency`. */
export class Order extends BaseModel {
  static override tableName = "orders";
  static override booleanAttributes = ["isCompany"];
  static override timestampAttributes = ["orderedAt", "createdAt", "updatedAt"];

  accountId!: string;
  eventId!: string;
  /** Who ordered; null only after that guest was deleted while the order was cancelled or refunded. */
  guestId!: string | null;
  status!: OrderStatus;
  paymentMethod!: PaymentMethod | null;
  totalExclTaxCents!: number;
  totalInclTaxCents!: number;
  currency!: string;
  billingName!: string | null;
  address!: string | null;
  zip!: string | null;
  city!: string | null;
  isCompany!: boolean | null;
  siret!: string | null;
  orderedAt!: Date;
  createdAt!: Date;
  updatedAt!: Date;
}
