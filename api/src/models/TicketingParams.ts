import type {
  TicketingMode,
  TicketingPaymentMethod,
  TicketOfficeState,
} from "@tessera/shared/schemas/ticketingBilling";
import { BaseModel } from "./BaseModel.ts";

/** An event's ticketing parameters (spec §4): ticket office, card payment mode, terms, payment methods, biller. */
export class TicketingParams extends BaseModel {
  static override tableName = "ticketing_params";
  static override timestampAttributes = ["createdAt", "updatedAt", "salesStartedAt"];
  static override get jsonAttributes() {
    return ["paymentMethods"];
  }

  declare accountId: string;
  declare eventId: string;
  declare ticketOffice: TicketOfficeState;
  declare mode: TicketingMode;
  declare terms: string | null;
  declare paymentMethods: TicketingPaymentMethod[];
  declare organizerId: string | null;
  declare salesStartedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
