import type { ImageKind } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class Image extends BaseModel {
  static override tableName = "images";
  static override timestampAttributes = ["createdAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare kind: ImageKind;
  declare mimeType: string;
  declare width: number;
  declare height: number;
  declare size: number;
  declare originalName: string;
  declare storageKey: string;
  declare sourceUrl: string | null;
  declare createdBy: string | null;
  declare createdAt: Date;
}
