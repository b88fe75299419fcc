import type { VatStatus } from "@tessera/shared/schemas/ticketingBilling";
import { BaseModel } from "./BaseModel.ts";

/** A legal entity of the account that bills ticket sales (spec §3 Organizer/billing). */
export class Organizer extends BaseModel {
  static override tableName = "organizers";
  static override timestampAttributes = ["createdAt", "updatedAt"];

  declare accountId: string;
  declare corporateName: string;
  declare legalStructure: string | null;
  /** In cents; PostgreSQL returns a bigint as a string: read it through Number(). */
  declare shareCapitalCents: number | string | null;
  /** 14 digits. */
  declare siret: string;
  declare rcsNumber: string | null;
  declare street: string | null;
  declare zip: string | null;
  declare city: string | null;
  declare vatStatus: VatStatus;
  declare vatNumber: string | null;
  declare legalMentions: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
