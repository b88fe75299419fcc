import { BaseModel } from "./BaseModel.ts";

export class Account extends BaseModel {
  static override tableName = "accounts";
  static override booleanAttributes = ["twoFactorEnabled", "multilang", "isActive"];
  static override timestampAttributes = ["createdAt", "updatedAt"];

  name!: string;
  maxOrganizers!: number | null;
  maxEvents!: number | null;
  maxCampaignsPerEvent!: number | null;
  eventRetentionDays!: number | null;
  twoFactorEnabled!: boolean;
  multilang!: boolean;
  defaultPlatformDomain!: string | null;
  isActive!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
