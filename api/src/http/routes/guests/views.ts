import { guestViewContracts as views } from "@tessera/shared/contracts/guestViews";
import { presentGuestView } from "../../presenters/guestView.ts";
import { deleteGuestView, listGuestViews, saveGuestView } from "../../../services/guests/views.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "./eventKey.ts";

/** /events/{a}/{e}/guestviews: saved views of the guest list. */
export const guestViewRoutes: Route[] = [
  route(views.views, async (scope, { params }) => ({
    data: (await listGuestViews(scope, eventKey(params))).map(presentGuestView),
  })),
  route(views.saveView, async (scope, { params, body }) =>
    presentGuestView(await saveGuestView(scope, eventKey(params), body)),
  ),
  route(views.removeView, async (scope, { params }) => {
    await deleteGuestView(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
];
