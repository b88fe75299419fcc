import { BaseModel } from "./BaseModel.ts";

/** A ticket's price from `startsAt` until `endsAt` (open-ended when null). */
export class TicketPricePeriod extends BaseModel {
  static override tableName = "ticket_price_periods";
  static override timestampAttributes = ["startsAt", "endsAt", "createdAt", "updatedAt"];

  declare ticketId: string;
  declare startsAt: Date;
  declare endsAt: Date | null;
  declare priceInclTaxCents: number;
  declare priceExclTaxCents: number;
  declare createdAt: Date;
  declare updatedAt: Date;
}
