import type { AccountRole } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class ApiKey extends BaseModel {
  static override tableName = "api_keys";
  static override timestampAttributes = ["createdAt", "lastUsedAt", "expiresAt", "revokedAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare name: string;
  declare role: AccountRole;
  declare prefix: string;
  declare keyHash: string;
  declare createdBy: string | null;
  declare lastUsedAt: Date | null;
  declare expiresAt: Date | null;
  declare revokedAt: Date | null;
  declare createdAt: Date;
}
