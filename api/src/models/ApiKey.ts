import type { AccountRole } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class ApiKey extends BaseModel {
  static override tableName = "api_keys";
  static override timestampAttributes = ["createdAt", "lastUsedAt", "expiresAt", "revokedAt"];
  static override autoTimestamps = "created" as const;

  accountId!: string;
  name!: string;
  role!: AccountRole;
  prefix!: string;
  keyHash!: string;
  createdBy!: string | null;
  lastUsedAt!: Date | null;
  expiresAt!: Date | null;
  revokedAt!: Date | null;
  createdAt!: Date;
}
