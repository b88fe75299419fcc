import { BaseModel } from "./BaseModel.ts";

/** An entry code issued to a guest: its serial within the event, the key that signs it, its revocation. */
export class GuestCode extends BaseModel {
  static override tableName = "guest_codes";
  static override timestampAttributes = ["issuedAt", "revokedAt"];
  static override autoTimestamps = "none" as const;

  declare accountId: string;
  declare eventId: string;
  /** No foreign key: the code of a deleted guest stays, and counts as revoked. */
  declare guestId: string;
  declare serial: number;
  /** The GuestCodeKey (row id) that signs it. */
  declare keyId: string;
  declare issuedAt: Date;
  declare revokedAt: Date | null;
  declare revokedByUserId: string | null;
}
