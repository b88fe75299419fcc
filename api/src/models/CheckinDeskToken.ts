import { BaseModel } from "./BaseModel.ts";

/** What an access code gave a desk: a token (its hash) for one session's work, and the desk's last connection. */
export class CheckinDeskToken extends BaseModel {
  static override tableName = "checkin_desk_tokens";
  static override timestampAttributes = ["createdAt", "lastSeenAt", "revokedAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare eventId: string;
  declare checkinId: string;
  declare codeId: string;
  declare tokenHash: string;
  declare desk: string;
  declare createdAt: Date;
  declare lastSeenAt: Date;
  declare lastAddress: string | null;
  declare revokedAt: Date | null;
}
