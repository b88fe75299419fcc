import type { Pojo } from "objection";
import { BaseModel } from "./BaseModel.ts";
import { parseDecimals } from "./decimals.ts";

/** A ticket type of an event (spec §3 Ticket); its prices live in `ticket_price_periods`. */
export class Ticket extends BaseModel {
  static override tableName = "tickets";
  static override booleanAttributes = ["isOption", "isOnSale"];
  static override timestampAttributes = ["createdAt", "updatedAt"];

  declare accountId: string;
  declare eventId: string;
  declare caption: string;
  declare description: string | null;
  /** VAT rate in percent with two decimals, so basis points exactly (the API's `taxRateBp`); null: no VAT. */
  declare taxPercent: number | null;
  /** Null: unlimited. */
  declare maxQuantity: number | null;
  /** An option cannot be bought alone. */
  declare isOption: boolean;
  declare isOnSale: boolean;
  /** A legacy free-text category, no longer written: the catalogue's categories are `categoryId`'s. */
  declare category: string | null;
  /** A category or a subcategory (`ticket_categories`); null: none. */
  declare categoryId: string | null;
  declare position: number;
  /** Units in live orders not refunded, kept by the order pipeline (services/orders/places.ts). */
  declare livePlaces: number;
  declare createdAt: Date;
  declare updatedAt: Date;

  override $parseDatabaseJson(json: Pojo): Pojo {
    return parseDecimals(super.$parseDatabaseJson(json), ["taxPercent"]);
  }
}
