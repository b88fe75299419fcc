import type { Pojo } from "objection";
import { BaseModel } from "./BaseModel.ts";
import { parseDecimals } from "./decimals.ts";

/** A ticket type of an event (spec §3 Ticket); its prices live in `ticket_price_periods`. */
export class Ticket extends BaseModel {
  static override tableName = "tickets";
  static override booleanAttributes = ["isOption", "isOnSale"];
  static override timestampAttributes = ["createdAt", "updatedAt"];

  accountId!: string;
  eventId!: string;
  caption!: string;
  description!: string | null;
  /** VAT rate in percent; null: no VAT. */
  taxPercent!: number | null;
  /** Null: unlimited. */
  maxQuantity!: number | null;
  /** An option cannot be bought alone. */
  isOption!: boolean;
  isOnSale!: boolean;
  category!: string | null;
  position!: number;
  createdAt!: Date;
  updatedAt!: Date;

  override $parseDatabaseJson(json: Pojo): Pojo {
    return parseDecimals(super.$parseDatabaseJson(json), ["taxPercent"]);
  }
}
