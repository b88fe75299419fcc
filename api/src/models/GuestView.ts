import { BaseModel } from "./BaseModel.ts";

/** A saved guest-list view: filters, search, sort and columns a user keeps under a name. */
export class GuestView extends BaseModel {
  static override tableName = "guest_views";
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["query"];
  }

  accountId!: string;
  eventId!: string;
  userId!: string | null;
  name!: string;
  query!: Record<string, unknown>;
  createdAt!: Date;
  updatedAt!: Date;
}
