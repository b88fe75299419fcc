import { BaseModel } from "./BaseModel.ts";

/** A coupon of an event (spec §3 Coupon); the tickets it applies to live in `coupon_tickets`. */
export class Coupon extends BaseModel {
  static override tableName = "coupons";
  static override booleanAttributes = ["combinable"];
  static override timestampAttributes = ["createdAt", "updatedAt", "redeemBy"];

  declare accountId: string;
  declare eventId: string;
  /** As typed: 1 to 15 characters, no whitespace. */
  declare code: string;
  /** The code in lower case: unique per event, so codes differing only by case cannot coexist. */
  declare codeKey: string;
  /** Exactly one of amountOffCents and percentOffBp is set. */
  declare amountOffCents: number | null;
  declare percentOffBp: number | null;
  /** Null: unlimited. */
  declare maxRedemptions: number | null;
  declare combinable: boolean;
  /** Null: no end. */
  declare redeemBy: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
