import { legacyContracts as legacy } from "@tessera/shared/contracts/legacy";
import { loadGuestPageExtras, presentGuest } from "../presenters/guest.ts";
import { route, type Route } from "../routes/define.ts";
import { listDuplicatePairs } from "../../services/guests/duplicates.ts";
import { presentDuplicatePairs } from "../presenters/duplicates.ts";
import { mergeGuests } from "../../services/guests/merge.ts";
import { deleteGuests } from "../../services/guests/remove.ts";
import { findLegacyEvent, requireAntiForgeryOnGetWrite } from "./eventBySlug.ts";

/** The legacy duplicates endpoints (spec §7 `/{event}/admin/duplicates/...`). */
export const legacyDuplicateRoutes: Route[] = [
  route(legacy.duplicates, async (scope, { params, query }, ctx) => {
    const { event, ties } = await findLegacyEvent(ctx, params.event, "read");
    const { rows, pagination } = await listDuplicatePairs(scope.db, event.id, query);
    return { data: await presentDuplicatePairs(scope.db, rows, scope.actor, event, ties), pagination };
  }),
  route(legacy.mergeDuplicates, async (scope, { params, query }, ctx) => {
    requireAntiForgeryOnGetWrite(ctx);
    const { event, ties } = await findLegacyEvent(ctx, params.event, "update");
    const kept = await mergeGuests(ctx, event, query.user1, query.user2);
    return presentGuest(kept, await loadGuestPageExtras(scope.db, [kept], scope.actor, event, ties));
  }),
  route(legacy.deleteDuplicates, async (_scope, { params, body }, ctx) => {
    const { event } = await findLegacyEvent(ctx, params.event, "update");
    return deleteGuests(ctx, event.accountId, event.id, { ids: body.selectedIds });
  }),
];
