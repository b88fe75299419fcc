import { BaseModel } from "./BaseModel.ts";

/** A guest's message to an event's organizer, from the contact form (kept whether or not the email went). */
export class ContactMessage extends BaseModel {
  static override tableName = "contact_messages";
  static override timestampAttributes = ["readAt", "createdAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare eventId: string;
  /** The guest signed in to the event's portal who wrote it, if any. */
  declare guestId: string | null;
  declare senderName: string;
  declare senderEmail: string;
  declare subject: string | null;
  declare message: string;
  /** The page's language when it was written. */
  declare language: string;
  declare readAt: Date | null;
  declare createdAt: Date;
}
