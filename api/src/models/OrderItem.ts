import type { Pojo } from "objection";
import { BaseModel } from "./BaseModel.ts";
import { parseDecimals } from "./decimals.ts";

/** A line of an order: `quantity` of one ticket type, held by a guest (who may differ from the buyer). */
export class OrderItem extends BaseModel {
  static override tableName = "order_items";
  static override timestampAttributes = ["createdAt", "updatedAt"];

  declare orderId: string;
  declare ticketId: string;
  declare holderGuestId: string | null;
  declare quantity: number;
  declare unitPriceInclTaxCents: number;
  declare unitPriceExclTaxCents: number;
  declare taxPercent: number | null;
  declare refundedQuantity: number;
  /** What coupons and discounts took off the line (quantity × unit price), including and excluding tax. */
  declare discountInclTaxCents: number;
  declare discountExclTaxCents: number;
  declare createdAt: Date;
  declare updatedAt: Date;

  override $parseDatabaseJson(json: Pojo): Pojo {
    return parseDecimals(super.$parseDatabaseJson(json), ["taxPercent"]);
  }
}
