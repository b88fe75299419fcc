import { BaseModel } from "./BaseModel.ts";

/** A guest file on its way in, chunk by chunk (its chunks are rows of guest_import_upload_chunks). */
export class GuestImportUpload extends BaseModel {
  static override tableName = "guest_import_uploads";
  static override booleanAttributes = ["hasHeaders"];
  static override timestampAttributes = ["createdAt", "updatedAt"];

  declare accountId: string;
  declare eventId: string;
  declare createdBy: string | null;
  declare fileName: string | null;
  /** The bytes announced at the start. */
  declare size: number;
  /** The bytes received so far: where the next chunk starts. */
  declare received: number;
  declare hasHeaders: boolean;
  /** The guest import it became once complete. */
  declare importId: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
