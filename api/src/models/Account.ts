import type { DefaultEventParams } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class Account extends BaseModel {
  static override tableName = "accounts";
  static override booleanAttributes = ["twoFactorEnabled", "multilang", "isActive"];
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["defaultEventParams"];
  }

  declare name: string;
  declare maxOrganizers: number | null;
  declare maxEvents: number | null;
  declare maxCampaignsPerEvent: number | null;
  declare eventRetentionDays: number | null;
  declare twoFactorEnabled: boolean;
  declare multilang: boolean;
  declare defaultPlatformDomain: string | null;
  declare isActive: boolean;
  /** Applied to fields a new event does not set (null: none). */
  declare defaultEventParams: DefaultEventParams | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
