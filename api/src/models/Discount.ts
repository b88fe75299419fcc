import { BaseModel } from "./BaseModel.ts";

/**
 * An automatic discount of an event (spec §7 `discounts`): applies without a code when its conditions hold; the
 * tickets it applies to live in `discount_tickets`.
 */
export class Discount extends BaseModel {
  static override tableName = "discounts";
  static override booleanAttributes = ["isActive", "combinableWithCoupons"];
  static override timestampAttributes = ["createdAt", "updatedAt", "validFrom", "validUntil"];

  declare accountId: string;
  declare eventId: string;
  /** 1 to 100 characters, trimmed. */
  declare name: string;
  /** Exactly one of amountOffCents and percentOffBp is set. */
  declare amountOffCents: number | null;
  declare percentOffBp: number | null;
  /** The least number of matching tickets the order must hold (≥ 1). */
  declare minQuantity: number;
  /** Null: from always (inclusive). */
  declare validFrom: Date | null;
  /** Null: no end (exclusive). */
  declare validUntil: Date | null;
  /** Null: unlimited. */
  declare maxUses: number | null;
  declare isActive: boolean;
  declare combinableWithCoupons: boolean;
  /** The order in which the event's discounts apply (lowest first). */
  declare position: number;
  declare createdAt: Date;
  declare updatedAt: Date;
}
