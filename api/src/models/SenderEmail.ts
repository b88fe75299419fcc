import { BaseModel } from "./BaseModel.ts";

/** An address the account sends campaigns from (spec §3 sender email); usable once verified. */
export class SenderEmail extends BaseModel {
  static override tableName = "senderEmails";
  static override timestampAttributes = ["createdAt", "updatedAt", "verifiedAt", "verificationSentAt"];

  declare accountId: string;
  /** Lower-cased; unique per account. */
  declare email: string;
  declare name: string | null;
  declare verifiedAt: Date | null;
  /** SHA-256 of the link's token; null once verified. */
  declare verificationTokenHash: string | null;
  declare verificationSentAt: Date | null;
  declare createdBy: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
