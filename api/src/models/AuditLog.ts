import type { AuditMetadata } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class AuditLog extends BaseModel {
  static override tableName = "audit_logs";
  static override timestampAttributes = ["createdAt"];
  static override autoTimestamps = "created" as const;
  static override get jsonAttributes() {
    return ["before", "after", "metadata"];
  }

  declare accountId: string | null;
  declare eventId: string | null;
  declare actorUserId: string | null;
  declare actorApiKeyId: string | null;
  declare action: string;
  declare subjectType: string;
  declare subjectId: string | null;
  declare before: Record<string, unknown> | null;
  declare after: Record<string, unknown> | null;
  /** Names of what the entry points at, as they were when it was written (null before 2026-11-28). */
  declare metadata?: AuditMetadata | null;
  declare ip: string | null;
  declare requestId: string | null;
  declare createdAt: Date;
}
