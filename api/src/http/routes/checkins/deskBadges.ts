import { deskContracts as desk } from "@tessera/shared/contracts/checkins";
import { AppError } from "../../../errors.ts";
import { deskBadgeTemplates, deskGuestBadge } from "../../../services/checkins/deskBadges.ts";
import { resolveDesk } from "../../../services/checkins/desk.ts";
import { route, type Route } from "../define.ts";

/** /desk badge material: what a desk's printers print (issue 13, item 6). */
export const deskBadgeRoutes: Route[] = [
  route(desk.badges, async (scope, _input, ctx) => {
    if (!ctx.state.deskToken) throw AppError.unauthenticated();
    return deskBadgeTemplates(scope, await resolveDesk(scope, ctx.state.deskToken));
  }),
  route(desk.guestBadge, async (scope, { params }, ctx) => {
    if (!ctx.state.deskToken) throw AppError.unauthenticated();
    return deskGuestBadge(scope, await resolveDesk(scope, ctx.state.deskToken), params.id);
  }),
];
