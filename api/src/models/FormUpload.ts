import { BaseModel } from "./BaseModel.ts";

/** A file uploaded to a form's file question, waiting for the form to be sent (hash of its key only). */
export class FormUpload extends BaseModel {
  static override tableName = "form_uploads";
  static override timestampAttributes = ["expiresAt", "createdAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare eventId: string;
  declare formId: string;
  declare customFieldId: string;
  declare name: string;
  declare mimeType: string;
  declare size: number;
  declare storageKey: string;
  declare keyHash: string;
  declare expiresAt: Date;
  declare createdAt: Date;
}
