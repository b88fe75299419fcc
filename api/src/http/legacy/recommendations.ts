import { legacyContracts as legacy } from "@tessera/shared/contracts/legacy";
import { route, type Route } from "../routes/define.ts";
import {
  acceptRecommendation,
  addRecommendations,
  listRecommendations,
  recommendationsOfGuest,
  refuseRecommendation,
} from "../../services/guests/recommendations.ts";
import { presentRecommendation } from "../presenters/recommendations.ts";
import { findLegacyEvent, requireAntiForgeryOnGetWrite } from "./eventBySlug.ts";

/** The legacy recommendations endpoints (spec §7 `/{event}/admin/recommendations/...`, guest side). */
export const legacyRecommendationRoutes: Route[] = [
  route(legacy.recommendations, async (scope, { params, query }, ctx) => {
    const { event } = await findLegacyEvent(ctx, params.event, "read");
    const { rows, pagination } = await listRecommendations(scope.db, event, query);
    return { data: rows.map(presentRecommendation), pagination };
  }),
  route(legacy.acceptRecommendation, async (_scope, { params }, ctx) => {
    requireAntiForgeryOnGetWrite(ctx);
    const { event } = await findLegacyEvent(ctx, params.event, "update");
    return presentRecommendation(await acceptRecommendation(ctx, event, params.id));
  }),
  route(legacy.refuseRecommendation, async (_scope, { params }, ctx) => {
    requireAntiForgeryOnGetWrite(ctx);
    const { event } = await findLegacyEvent(ctx, params.event, "update");
    return presentRecommendation(await refuseRecommendation(ctx, event, params.id));
  }),
  route(legacy.addRecommendations, async (_scope, { params, body }, ctx) => {
    const { event } = await findLegacyEvent(ctx, params.event, "update");
    const created = await addRecommendations(ctx, event, body.guestId, body.recommendations);
    return { data: created.map(presentRecommendation) };
  }),
  route(legacy.guestRecommendations, async (scope, { params }, ctx) => {
    const { event } = await findLegacyEvent(ctx, params.event, "read");
    return { data: (await recommendationsOfGuest(scope.db, event, params.id)).map(presentRecommendation) };
  }),
];
