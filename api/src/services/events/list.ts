import type { EventListFilter, EventListSort } from "@tessera/shared";
import { lowerContains, sortableText } from "../../db/dialect.ts";
import { sqlTime } from "../../models/BaseModel.ts";
import { Event } from "../../models/Event.ts";
import { authorizeInExistingAccount } from "../accounts/authorize.ts";
import { paginate, type PageRequest } from "../pagination.ts";
import type { Scope } from "../scope.ts";
import { loadEventDetails, type EventDetails } from "./details.ts";
import { scopeToVisibleEvents } from "./visibility.ts";

export interface EventListRequest extends PageRequest {
  filter?: EventListFilter;
  sort?: EventListSort;
  search?: string;
}

/**
 * One page of the events the actor sees in the account: one query for the page, one count, then
 * the page's domains, images and ties in batches. "all" is every event not archived. The filters
 * follow the status rule: an event without an end ends when it starts, one with only an end is
 * past once it has gone by; events with neither date are only in "all" (and last by start date).
 * Any member of the account may list; each sees the events policies/events.ts lets them see.
 */
export async function listEvents(
  scope: Scope,
  accountId: string,
  request: EventListRequest,
): Promise<{ rows: EventDetails[]; pagination: { page: number; perPage: number; total: number } }> {
  await authorizeInExistingAccount(scope, "events.read", accountId);
  const { db, actor } = scope;
  const now = scope.clock.now();
  const query = scopeToVisibleEvents(db, Event.query(db), actor, accountId);
  const at = sqlTime(now);
  const end = db.raw("coalesce(??, ??)", ["endsAt", "startsAt"]);
  const filter = request.filter ?? "all";
  query.where({ isArchived: filter === "archived" });
  if (filter === "upcoming") query.where("startsAt", ">", at);
  if (filter === "in_progress") query.where("startsAt", "<=", at).where(end, ">=", at);
  if (filter === "past") query.where(end, "<", at);
  const search = request.search?.trim();
  // By name or by the slug of its public address (what an organizer sees in links and exports).
  if (search)
    query.where((match) => match.where(lowerContains(db, "name", search)).orWhere(lowerContains(db, "slug", search)));
  const sort = request.sort ?? "start_date";
  if (sort === "start_date")
    query.orderByRaw(`case when ?? is null then 1 else 0 end, ??, ${sortableText(db)}, ??`, [
      "startsAt",
      "startsAt",
      "name",
      "id",
    ]);
  if (sort === "recently_created")
    query.orderBy([
      { column: "createdAt", order: "desc" },
      { column: "id", order: "desc" },
    ]);
  if (sort === "name") query.orderByRaw(`${sortableText(db)}, ??`, ["name", "id"]);
  const { rows, pagination } = await paginate(query, request);
  return { rows: await loadEventDetails(db, actor, rows, { guestCounts: { jobs: scope.deps.jobs } }), pagination };
}
