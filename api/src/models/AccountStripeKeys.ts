import type { TicketingMode } from "@tessera/shared/schemas/ticketingBilling";
import { BaseModel } from "./BaseModel.ts";

/** An account's Stripe keys for one mode; the secret ones sealed (services/ticketOffice/stripeKeyVault.ts). */
export class AccountStripeKeys extends BaseModel {
  static override tableName = "account_stripe_keys";
  static override timestampAttributes = ["createdAt", "updatedAt"];

  declare accountId: string;
  declare mode: TicketingMode;
  declare publishableKey: string | null;
  declare secretKeyEncrypted: string | null;
  declare secretKeyLast4: string | null;
  declare webhookSecretEncrypted: string | null;
  declare webhookSecretLast4: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
