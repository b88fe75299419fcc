import { Type } from "@sinclair/typebox";
import { DeleteGuestsResult, DuplicateListQuery, DuplicatePage, GuestSchema, Uuid } from "@tessera/shared";
import { loadGuestPageExtras, presentGuest } from "../presenters/guest.ts";
import { defineRoute, type Route } from "../routes/define.ts";
import { listDuplicatePairs } from "../../services/guests/duplicates.ts";
import { presentDuplicatePairs } from "../presenters/duplicates.ts";
import { mergeGuests } from "../../services/guests/merge.ts";
import { deleteGuests } from "../../services/guests/remove.ts";
import { findLegacyEvent, LegacyEventParams, requireAntiForgeryOnGetWrite } from "./eventBySlug.ts";

const TAGS = ["duplicates", "legacy"];
const ACCESS =
  "`event` is the event's slug, in the caller's account (404 otherwise). Read: events.read; merge and delete: " +
  "events.update.";

export const legacyDuplicateRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/:event/admin/duplicates/getDuplicatesJson",
    isLegacy: true,
    summary: "List the event's duplicate guests (legacy)",
    description: "Same as GET /api/v1/events/{a}/{e}/duplicates. " + ACCESS,
    tags: TAGS,
    params: LegacyEventParams,
    query: DuplicateListQuery,
    response: DuplicatePage,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      const { event, ties } = await findLegacyEvent(ctx, params.event, "read");
      const { rows, pagination } = await listDuplicatePairs(ctx.deps.db, event.id, query);
      return { data: await presentDuplicatePairs(ctx.deps.db, rows, ctx.state.actor, event, ties), pagination };
    },
  }),
  defineRoute({
    method: "get",
    path: "/:event/admin/duplicates/mergeJson",
    isLegacy: true,
    summary: "Merge guest user2 into guest user1 (legacy)",
    description:
      "user1 is kept. Same merge as POST /api/v1/events/{a}/{e}/duplicates/merge. A write on GET: cookie " +
      "sessions must send the X-CSRF-Token header. " +
      ACCESS,
    tags: TAGS,
    params: LegacyEventParams,
    query: Type.Object({ user1: Uuid, user2: Uuid }),
    response: GuestSchema,
    errors: [403, 404],
    handler: async (ctx, { params, query }) => {
      requireAntiForgeryOnGetWrite(ctx);
      const { event, ties } = await findLegacyEvent(ctx, params.event, "update");
      const kept = await mergeGuests(ctx, event, query.user1, query.user2);
      return presentGuest(kept, await loadGuestPageExtras(ctx.deps.db, [kept], ctx.state.actor, event, ties));
    },
  }),
  defineRoute({
    method: "post",
    path: "/:event/admin/duplicates/deleteJson",
    isLegacy: true,
    summary: "Delete selected duplicate guests (legacy)",
    description:
      "The same deletion as POST /api/v1/events/{a}/{e}/deleteusers: guests a registered guard refuses (e.g. " +
      "holding a ticket) stay and are listed with the reason. " +
      ACCESS,
    tags: TAGS,
    params: LegacyEventParams,
    body: Type.Object(
      { selectedIds: Type.Array(Uuid, { minItems: 1, maxItems: 10_000, uniqueItems: true }) },
      { additionalProperties: false },
    ),
    response: DeleteGuestsResult,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => {
      const { event } = await findLegacyEvent(ctx, params.event, "update");
      return deleteGuests(ctx, event.accountId, event.id, { ids: body.selectedIds });
    },
  }),
];
