import {
  DuplicateIgnoreBody,
  DuplicateListQuery,
  DuplicateMergeBody,
  DuplicatePage,
  EventScopedParams,
  GuestSchema,
  Ok,
} from "@tessera/shared";
import { loadGuestPageExtras, presentGuest } from "../../presenters/guest.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { ignoreDuplicatePair, listDuplicatePairs } from "../../../services/guests/duplicates.ts";
import { presentDuplicatePairs } from "../../presenters/duplicates.ts";
import { MERGE_STATUS_ORDER, mergeGuests } from "../../../services/guests/merge.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["duplicates"];
const ACCESS =
  "Read: anyone who sees the event (events.read); ignore and merge: editors and up (events.update). " +
  "An event the caller cannot see answers 404.";

export const duplicateRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/events/:a/:e/duplicates",
    summary: "List the event's duplicate guests",
    description:
      "Pairs of guests with the same email (trimmed, case-insensitive) or the same first and last name " +
      "(trimmed, case- and accent-insensitive; both names needed), minus the pairs set aside. `reason` is email " +
      "when the emails match (then listed first), else name; smaller guest id first in each pair. " +
      ACCESS,
    tags: TAGS,
    params: EventScopedParams,
    query: DuplicateListQuery,
    response: DuplicatePage,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      const { event, ties } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.e);
      const { rows, pagination } = await listDuplicatePairs(ctx.deps.db, event.id, query);
      return { data: await presentDuplicatePairs(ctx.deps.db, rows, ctx.state.actor, event, ties), pagination };
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/duplicates/ignore",
    summary: "Set a pair of guests aside: they are not duplicates",
    description: "Idempotent. 422 when a guest is not of this event or both ids are the same. " + ACCESS,
    tags: TAGS,
    params: EventScopedParams,
    body: DuplicateIgnoreBody,
    response: Ok,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "update", params.a, params.e);
      await ignoreDuplicatePair(ctx, event, body.guestIds);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/duplicates/merge",
    summary: "Merge a guest into another",
    description:
      "In one transaction the kept guest takes: answers (its non-empty ones win, the merged guest's fill the " +
      "gaps, multiple-choice answers are united), identity fields where empty, the merged guest's companions, " +
      "the larger companionsExpected, its recommendations, the more advanced status (" +
      MERGE_STATUS_ORDER.join(" > ") +
      "), its history (audit entries re-pointed) and whatever later areas move (check-ins, orders …); the merged " +
      "guest is then deleted and `guest.merged` recorded with both snapshots. Returns the kept guest. 422 for " +
      "the same guest twice or a guest of another event. " +
      ACCESS,
    tags: TAGS,
    params: EventScopedParams,
    body: DuplicateMergeBody,
    response: GuestSchema,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => {
      const { event, ties } = await findEventFor(ctx.deps.db, ctx.state.actor, "update", params.a, params.e);
      const kept = await mergeGuests(ctx, event, body.keepId, body.mergeId);
      return presentGuest(kept, await loadGuestPageExtras(ctx.deps.db, [kept], ctx.state.actor, event, ties));
    },
  }),
];
