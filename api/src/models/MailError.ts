import type { MailErrorKind, MailErrorSource } from "@tessera/shared/rules/campaigns";
import { BaseModel } from "./BaseModel.ts";

/** Why mail to an address of the account fails (spec §3 mail error); the suppressing kinds keep it from sends. */
export class MailError extends BaseModel {
  static override tableName = "mailErrors";
  static override timestampAttributes = ["createdAt", "updatedAt", "lastSeenAt"];

  declare accountId: string;
  /** Lower-cased. */
  declare email: string;
  declare kind: MailErrorKind;
  declare reason: string | null;
  declare source: MailErrorSource;
  declare campaignId: string | null;
  declare occurrences: number;
  declare lastSeenAt: Date;
  declare createdAt: Date;
  declare updatedAt: Date;
}
