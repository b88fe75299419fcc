import { BaseModel } from "./BaseModel.ts";

/** A saved guest-list view: filters, search, sort and columns a user keeps under a name. */
export class GuestView extends BaseModel {
  static override tableName = "guest_views";
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["query"];
  }

  declare accountId: string;
  declare eventId: string;
  declare userId: string | null;
  declare name: string;
  declare query: Record<string, unknown>;
  declare createdAt: Date;
  declare updatedAt: Date;
}
