import type { DefaultEventParams } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class Account extends BaseModel {
  static override tableName = "accounts";
  static override booleanAttributes = ["twoFactorEnabled", "multilang", "isActive"];
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["defaultEventParams"];
  }

  name!: string;
  maxOrganizers!: number | null;
  maxEvents!: number | null;
  maxCampaignsPerEvent!: number | null;
  eventRetentionDays!: number | null;
  twoFactorEnabled!: boolean;
  multilang!: boolean;
  defaultPlatformDomain!: string | null;
  isActive!: boolean;
  /** Applied to fields a new event does not set (null: none). */
  defaultEventParams!: DefaultEventParams | null;
  createdAt!: Date;
  updatedAt!: Date;
}
