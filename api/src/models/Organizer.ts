import type { VatStatus } from "@tessera/shared/schemas/ticketingBilling";
import type { Pojo } from "objection";
import { BaseModel } from "./BaseModel.ts";
import { parseDecimals } from "./decimals.ts";

/** A legal entity of the account that bills ticket sales (spec §3 Organizer/billing). */
export class Organizer extends BaseModel {
  static override tableName = "organizers";
  static override timestampAttributes = ["createdAt", "updatedAt"];

  declare accountId: string;
  declare corporateName: string;
  declare legalStructure: string | null;
  /** In cents (a bigint column, which PostgreSQL returns as a string: read as a number here). */
  declare shareCapitalCents: number | null;
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

  override $parseDatabaseJson(json: Pojo): Pojo {
    return parseDecimals(super.$parseDatabaseJson(json), ["shareCapitalCents"]);
  }
}
