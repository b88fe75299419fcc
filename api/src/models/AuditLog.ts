import { BaseModel } from "./BaseModel.ts";

export class AuditLog extends BaseModel {
  static override tableName = "audit_logs";
  static override timestampAttributes = ["createdAt"];
  static override autoTimestamps = "created" as const;
  static override get jsonAttributes() {
    return ["before", "after"];
  }

  accountId!: string | null;
  eventId!: string | null;
  actorUserId!: string | null;
  actorApiKeyId!: string | null;
  action!: string;
  subjectType!: string;
  subjectId!: string | null;
  before!: Record<string, unknown> | null;
  after!: Record<string, unknown> | null;
  ip!: string | null;
  requestId!: string | null;
  createdAt!: Date;
}
