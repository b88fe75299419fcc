import type { Pojo } from "objection";
import { BaseModel } from "./BaseModel.ts";
import { parseDecimals } from "./decimals.ts";

/** A line of an order: `quantity` of one ticket type, held by a guest (who may differ from the buyer). */
export class OrderItem extends BaseModel {
  static override tableName = "order_items";
  static override timestampAttributes = ["createdAt", "updatedAt"];

  orderId!: string;
  ticketId!: string;
  holderGuestId!: string | null;
  quantity!: number;
  unitPriceInclTaxCents!: number;
  unitPriceExclTaxCents!: number;
  taxPercent!: number | null;
  refundedQuantity!: number;
  createdAt!: Date;
  updatedAt!: Date;

  override $parseDatabaseJson(json: Pojo): Pojo {
    return parseDecimals(super.$parseDatabaseJson(json), ["taxPercent"]);
  }
}
