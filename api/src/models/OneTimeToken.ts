import { BaseModel } from "./BaseModel.ts";

export type OneTimeTokenPurpose = "password_reset" | "registration" | "second_factor";

export class OneTimeToken extends BaseModel {
  static override tableName = "one_time_tokens";
  static override timestampAttributes = ["createdAt", "expiresAt", "usedAt"];
  static override autoTimestamps = "created" as const;

  userId!: string;
  purpose!: OneTimeTokenPurpose;
  tokenHash!: string;
  attempts!: number;
  expiresAt!: Date;
  usedAt!: Date | null;
  createdAt!: Date;
}
