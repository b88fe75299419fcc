import { BaseModel } from "./BaseModel.ts";

/** A guest signed in to an event's portal (hash of the cookie's token only). */
export class GuestSession extends BaseModel {
  static override tableName = "guest_sessions";
  static override timestampAttributes = ["expiresAt", "revokedAt", "createdAt"];
  static override autoTimestamps = "created" as const;

  declare eventId: string;
  declare guestId: string;
  declare tokenHash: string;
  declare expiresAt: Date;
  declare revokedAt: Date | null;
  declare createdAt: Date;
}
