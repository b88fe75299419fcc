import { duplicateContracts as duplicates } from "@tessera/shared/contracts/duplicates";
import { loadGuestPageExtras, presentGuest } from "../../presenters/guest.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { ignoreDuplicatePair, listDuplicatePairs } from "../../../services/guests/duplicates.ts";
import { presentDuplicatePairs } from "../../presenters/duplicates.ts";
import { mergeGuests } from "../../../services/guests/merge.ts";
import { route, type Route } from "../define.ts";

/** /events/{a}/{e}/duplicates: guests that look like the same person. */
export const duplicateRoutes: Route[] = [
  route(duplicates.list, async (scope, { params, query }) => {
    const { event, ties } = await findEventFor(scope.db, scope.actor, "read", params.a, params.e);
    const { rows, pagination } = await listDuplicatePairs(scope.db, event.id, query);
    return { data: await presentDuplicatePairs(scope.db, rows, scope.actor, event, ties), pagination };
  }),
  route(duplicates.ignore, async (scope, { params, body }, ctx) => {
    const { event } = await findEventFor(scope.db, scope.actor, "update", params.a, params.e);
    await ignoreDuplicatePair(ctx, event, body.guestIds);
    return { ok: true as const };
  }),
  route(duplicates.merge, async (scope, { params, body }, ctx) => {
    const { event, ties } = await findEventFor(scope.db, scope.actor, "update", params.a, params.e);
    const kept = await mergeGuests(ctx, event, body.keepId, body.mergeId);
    return presentGuest(kept, await loadGuestPageExtras(scope.db, [kept], scope.actor, event, ties));
  }),
];
