import { BaseModel } from "./BaseModel.ts";

export class Session extends BaseModel {
  static override tableName = "sessions";
  static override timestampAttributes = ["createdAt", "lastSeenAt", "expiresAt", "revokedAt"];
  static override autoTimestamps = "created" as const;

  userId!: string;
  tokenHash!: string;
  userAgent!: string | null;
  ip!: string | null;
  createdAt!: Date;
  lastSeenAt!: Date;
  expiresAt!: Date;
  revokedAt!: Date | null;
}
