import { BaseModel } from "./BaseModel.ts";

export class AuditLog extends BaseModel {
  static override tableName = "audit_logs";
  static override timestampAttributes = ["createdAt"];
  static override autoTimestamps = "created" as const;
  static override get jsonAttributes() {
    return ["before", "after"];
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
  declare ip: string | null;
  declare requestId: string | null;
  declare createdAt: Date;
}
