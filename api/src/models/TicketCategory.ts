import { BaseModel } from "./BaseModel.ts";

/** A ticket category of an event (spec §3 Category), top-level or a subcategory of one. */
export class TicketCategory extends BaseModel {
  static override tableName = "ticket_categories";
  static override timestampAttributes = ["createdAt", "updatedAt"];

  declare accountId: string;
  declare eventId: string;
  /** The top-level category it belongs to; null: a top-level category. */
  declare parentId: string | null;
  declare name: string;
  /** #rrggbb */
  declare color: string;
  /** Its place among its siblings, 0 first. */
  declare position: number;
  declare createdAt: Date;
  declare updatedAt: Date;
}
