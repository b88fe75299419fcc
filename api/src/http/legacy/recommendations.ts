import { legacyContracts as legacy } from "@tessera/shared/contracts/legacy";
import { presentRecommendation } from "../presenters/recommendations.ts";
import { route, type Route } from "../routes/define.ts";
import {
  acceptRecommendation,
  addRecommendations,
  listRecommendations,
  recommendationsOfGuest,
  refuseRecommendation,
} from "../../services/guests/recommendations.ts";
import { requireAntiForgeryOnGetWrite } from "./eventBySlug.ts";

/**
 * The legacy recommendations endpoints (spec §7 `/{event}/admin/recommendations/...` and the guest side
 * `/{event}/recommendations/...`): the event named by its slug.
 */
export const legacyRecommendationRoutes: Route[] = [
  route(legacy.recommendations, async (scope, { params, query }) => {
    const { rows, pagination } = await listRecommendations(scope, { slug: params.event }, query);
    return { data: rows.map(presentRecommendation), pagination };
  }),
  route(legacy.acceptRecommendation, async (scope, { params }, ctx) => {
    requireAntiForgeryOnGetWrite(ctx);
    return presentRecommendation(await acceptRecommendation(scope, { slug: params.event }, params.id));
  }),
  route(legacy.refuseRecommendation, async (scope, { params }, ctx) => {
    requireAntiForgeryOnGetWrite(ctx);
    return presentRecommendation(await refuseRecommendation(scope, { slug: params.event }, params.id));
  }),
  route(legacy.addRecommendations, async (scope, { params, body }) => ({
    data: (await addRecommendations(scope, { slug: params.event }, body.guestId, body.recommendations)).map(
      presentRecommendation,
    ),
  })),
  route(legacy.guestRecommendations, async (scope, { params }) => ({
    data: (await recommendationsOfGuest(scope, { slug: params.event }, params.id)).map(presentRecommendation),
  })),
];
