import { BaseModel } from "./BaseModel.ts";

export type OneTimeTokenPurpose = "password_reset" | "registration" | "second_factor";

export class OneTimeToken extends BaseModel {
  static override tableName = "one_time_tokens";
  static override timestampAttributes = ["createdAt", "expiresAt", "usedAt"];
  static override autoTimestamps = "created" as const;

  declare userId: string;
  declare purpose: OneTimeTokenPurpose;
  declare tokenHash: string;
  declare attempts: number;
  declare expiresAt: Date;
  declare usedAt: Date | null;
  declare createdAt: Date;
}
