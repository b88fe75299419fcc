import type { ImageKind } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class Image extends BaseModel {
  static override tableName = "images";
  static override timestampAttributes = ["createdAt"];
  static override autoTimestamps = "created" as const;

  accountId!: string;
  kind!: ImageKind;
  mimeType!: string;
  width!: number;
  height!: number;
  size!: number;
  originalName!: string;
  storageKey!: string;
  sourceUrl!: string | null;
  createdBy!: string | null;
  createdAt!: Date;
}
