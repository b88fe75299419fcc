import { guestViewContracts as views } from "@tessera/shared/contracts/guestViews";
import type { GuestView } from "../../../models/GuestView.ts";
import { authorizeEvent } from "../../../policies/events.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { createGuestView, deleteGuestView, findGuestView, listGuestViews } from "../../../services/guests/views.ts";
import { route, type Route } from "../define.ts";

function presentGuestView(view: GuestView) {
  return {
    id: view.id,
    name: view.name,
    query: view.query,
    isShared: view.userId === null,
    createdAt: view.createdAt.toISOString(),
  };
}

/** /events/{a}/{e}/guestviews: saved views of the guest list. */
export const guestViewRoutes: Route[] = [
  route(views.views, async (scope, { params }) => {
    const { event } = await findEventFor(scope.db, scope.actor, "read", params.a, params.e);
    return { data: (await listGuestViews(scope.db, scope.actor, event.id)).map(presentGuestView) };
  }),
  route(views.saveView, async (scope, { params, body }, ctx) => {
    const shared = body.isShared === true || scope.actor?.kind === "apiKey";
    const { event } = await findEventFor(scope.db, scope.actor, shared ? "update" : "read", params.a, params.e);
    return presentGuestView(await createGuestView(ctx, event, { ...body, isShared: shared }));
  }),
  route(views.removeView, async (scope, { params }, ctx) => {
    const { event, ties } = await findEventFor(scope.db, scope.actor, "read", params.a, params.e);
    const view = await findGuestView(scope.db, scope.actor, event.id, params.id);
    // A shared view: editors and up, judged on the event already loaded.
    if (view?.userId === null) authorizeEvent(scope.actor, "update", event, ties);
    await deleteGuestView(ctx, event.id, params.id);
    return { ok: true as const };
  }),
];
