import type { AuditLogJson } from "@tessera/shared";
import type { AuditLogView } from "../../services/audit/auditLogs.ts";

export function presentAuditLog({ entry, actor }: AuditLogView): AuditLogJson {
  return {
    id: entry.id,
    accountId: entry.accountId,
    eventId: entry.eventId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    actor,
    before: entry.before,
    after: entry.after,
    metadata: entry.metadata ?? null,
    createdAt: entry.createdAt.toISOString(),
  };
}
