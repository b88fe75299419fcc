import { BaseModel } from "./BaseModel.ts";

/** A file uploaded as a guest's answer to a `file` custom field; the bytes live in file storage. */
export class GuestFile extends BaseModel {
  static override tableName = "guest_files";
  static override timestampAttributes = ["createdAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare eventId: string;
  declare guestId: string;
  declare customFieldId: string;
  declare name: string;
  declare mimeType: string;
  declare size: number;
  declare storageKey: string;
  declare createdAt: Date;
}
