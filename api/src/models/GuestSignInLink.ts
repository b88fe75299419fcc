import { BaseModel } from "./BaseModel.ts";

/** A single-use sign-in link emailed to a guest, with its 6-digit code (hashes only). */
export class GuestSignInLink extends BaseModel {
  static override tableName = "guest_sign_in_links";
  static override timestampAttributes = ["expiresAt", "usedAt", "createdAt"];
  static override autoTimestamps = "created" as const;

  declare eventId: string;
  declare guestId: string;
  declare tokenHash: string;
  declare codeHash: string;
  declare failedCodes: number;
  declare expiresAt: Date;
  declare usedAt: Date | null;
  declare createdAt: Date;
}
