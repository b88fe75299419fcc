import { BaseModel } from "./BaseModel.ts";

/** A file uploaded as a guest's answer to a `file` custom field; the bytes live in file storage. */
export class GuestFile extends BaseModel {
  static override tableName = "guest_files";
  static override timestampAttributes = ["createdAt"];
  static override autoTimestamps = "created" as const;

  accountId!: string;
  eventId!: string;
  guestId!: string;
  customFieldId!: string;
  name!: string;
  mimeType!: string;
  size!: number;
  storageKey!: string;
  createdAt!: Date;
}
