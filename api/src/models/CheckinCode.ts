import { BaseModel } from "./BaseModel.ts";

/** An access code of a check-in session: its keyed hash only (the text is shown once). */
export class CheckinCode extends BaseModel {
  static override tableName = "checkin_codes";
  static override timestampAttributes = ["createdAt", "revokedAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare eventId: string;
  declare checkinId: string;
  declare codeHash: string;
  declare hint: string;
  declare createdBy: string | null;
  declare createdAt: Date;
  declare revokedAt: Date | null;
}
