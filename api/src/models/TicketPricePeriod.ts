import { BaseModel } from "./BaseModel.ts";

/** A ticket's price from `startsAt` until `endsAt` (open-ended when null). */
export class TicketPricePeriod extends BaseModel {
  static override tableName = "ticket_price_periods";
  static override timestampAttributes = ["startsAt", "endsAt", "createdAt", "updatedAt"];

  ticketId!: string;
  startsAt!: Date;
  endsAt!: Date | null;
  priceInclTaxCents!: number;
  priceExclTaxCents!: number;
  createdAt!: Date;
  updatedAt!: Date;
}
