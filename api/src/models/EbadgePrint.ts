import { BaseModel } from "./BaseModel.ts";

export type EbadgePrintSource = "organizer" | "bulk" | "portal";

/** One print of a guest's badge (reprint control): who printed it, when, why, and the how-manyth it is. */
export class EbadgePrint extends BaseModel {
  static override tableName = "ebadge_prints";
  static override timestampAttributes = ["createdAt"];
  static override booleanAttributes = ["printedByGuest"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare eventId: string;
  declare guestId: string;
  declare ebadgeId: string | null;
  declare batchId: string | null;
  /** 1: the first print; more: a reprint. */
  declare printNumber: number;
  declare source: EbadgePrintSource;
  declare reason: string | null;
  declare printedByUserId: string | null;
  declare printedByApiKeyId: string | null;
  declare printedByGuest: boolean;
  declare createdAt: Date;
}
