import { BaseModel } from "./BaseModel.ts";

export class Session extends BaseModel {
  static override tableName = "sessions";
  static override timestampAttributes = ["createdAt", "lastSeenAt", "expiresAt", "revokedAt"];
  static override autoTimestamps = "created" as const;

  declare userId: string;
  declare tokenHash: string;
  declare userAgent: string | null;
  declare ip: string | null;
  declare createdAt: Date;
  declare lastSeenAt: Date;
  declare expiresAt: Date;
  declare revokedAt: Date | null;
}
