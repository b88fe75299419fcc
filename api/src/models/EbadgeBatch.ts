import type { EbadgeLayout, GuestSelectionQuery } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export type EbadgeBatchStatus = "queued" | "running" | "done" | "failed";

/** A bulk print of the filtered guest list: a job with its progress, then its PDF in file storage. */
export class EbadgeBatch extends BaseModel {
  static override tableName = "ebadge_batches";
  static override timestampAttributes = ["createdAt", "startedAt", "finishedAt"];
  static override autoTimestamps = "created" as const;
  static override get jsonAttributes() {
    return ["query"];
  }

  declare accountId: string;
  declare eventId: string;
  declare status: EbadgeBatchStatus;
  declare layout: EbadgeLayout;
  /** The guest list's view, filters and search, a saved view already resolved. */
  declare query: GuestSelectionQuery;
  declare reason: string | null;
  declare total: number;
  declare processed: number;
  declare printed: number;
  declare skippedPrinted: number;
  declare withoutBadge: number;
  declare storageKey: string | null;
  declare size: number | string | null;
  declare errorCode: string | null;
  declare requestedByUserId: string | null;
  declare requestedByApiKeyId: string | null;
  declare language: string;
  declare createdAt: Date;
  declare startedAt: Date | null;
  declare finishedAt: Date | null;
}
