import type { AuditLogQuery } from "@tessera/shared";
import type { Db } from "../../db/knex.ts";
import { ApiKey } from "../../models/ApiKey.ts";
import { AuditLog } from "../../models/AuditLog.ts";
import { sqlTime } from "../../models/BaseModel.ts";
import { User } from "../../models/User.ts";
import { Event } from "../../models/Event.ts";
import { seesEveryEvent } from "../../policies/events.ts";
import { authorizeInExistingAccount } from "../accounts/authorize.ts";
import { scopeToVisibleEvents } from "../events/visibility.ts";
import { paginate, type PageResult } from "../pagination.ts";
import type { Scope } from "../scope.ts";

export interface AuditActor {
  type: "user" | "apiKey";
  id: string;
  name: string;
}

export interface AuditLogView {
  entry: AuditLog;
  actor: AuditActor | null;
}

/** The actions of a comma-joined list, without blanks or repeats. */
export function parseActionList(list: string | undefined): string[] {
  return [
    ...new Set(
      (list ?? "")
        .split(",")
        .map((action) => action.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Who did each entry, for a whole page in (at most) two queries. A deleted user or key keeps its id
 * with an empty name: the trail outlives what it describes.
 */
async function resolveActors(db: Db, entries: AuditLog[]): Promise<AuditLogView[]> {
  const userIds = [...new Set(entries.map((entry) => entry.actorUserId).filter((id) => id !== null))];
  const keyIds = [...new Set(entries.map((entry) => entry.actorApiKeyId).filter((id) => id !== null))];
  const [users, keys] = await Promise.all([
    userIds.length ? User.query(db).select("id", "firstName", "lastName").whereIn("id", userIds) : [],
    keyIds.length ? ApiKey.query(db).select("id", "name").whereIn("id", keyIds) : [],
  ]);
  const userNames = new Map(users.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim()]));
  const keyNames = new Map(keys.map((key) => [key.id, key.name]));
  return entries.map((entry) => {
    let actor: AuditActor | null = null;
    if (entry.actorUserId)
      actor = { type: "user", id: entry.actorUserId, name: userNames.get(entry.actorUserId) ?? "" };
    else if (entry.actorApiKeyId) {
      actor = { type: "apiKey", id: entry.actorApiKeyId, name: keyNames.get(entry.actorApiKeyId) ?? "" };
    }
    return { entry, actor };
  });
}

/**
 * The account's audit trail, newest first, narrowed by the query's filters (`from`/`to` inclusive).
 * Organizers and up, and platform administrators; an entry about an event only for those who see the
 * event (a deleted event's history: only for those who see every event), whatever the filters.
 */
export async function listAuditLogs(
  scope: Scope,
  accountId: string,
  filter: AuditLogQuery,
): Promise<PageResult<AuditLogView>> {
  await authorizeInExistingAccount(scope, "audit.read", accountId);
  const db = scope.db;
  const query = AuditLog.query(db).where({ accountId });
  if (!seesEveryEvent(scope.actor, accountId)) {
    const visible = scopeToVisibleEvents(db, Event.query(db).select("events.id"), scope.actor, accountId);
    query.where((entries) => entries.whereNull("eventId").orWhereIn("eventId", visible));
  }
  if (filter.eventId) query.where({ eventId: filter.eventId });
  if (filter.subjectType) query.where({ subjectType: filter.subjectType });
  if (filter.subjectId) query.where({ subjectId: filter.subjectId });
  if (filter.actorUserId) query.where({ actorUserId: filter.actorUserId });
  if (filter.action) query.where({ action: filter.action });
  if (filter.from) query.where("createdAt", ">=", sqlTime(new Date(filter.from)));
  if (filter.to) query.where("createdAt", "<=", sqlTime(new Date(filter.to)));
  const excluded = parseActionList(filter.exclude);
  if (excluded.length) query.whereNotIn("action", excluded);
  query.orderBy([
    { column: "createdAt", order: "desc" },
    { column: "id", order: "desc" },
  ]);
  const { rows, pagination } = await paginate(query, filter);
  return { rows: await resolveActors(db, rows), pagination };
}
