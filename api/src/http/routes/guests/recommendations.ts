import { recommendationContracts as recommendations } from "@tessera/shared/contracts/recommendations";
import { findEventFor } from "../../../services/events/find.ts";
import {
  acceptRecommendation,
  addRecommendations,
  listRecommendations,
  refuseRecommendation,
} from "../../../services/guests/recommendations.ts";
import { presentRecommendation } from "../../presenters/recommendations.ts";
import { route, type Route } from "../define.ts";

/** /events/{a}/{e}/recommendations: people guests recommend, to accept or refuse. */
export const recommendationRoutes: Route[] = [
  route(recommendations.list, async (scope, { params, query }) => {
    const { event } = await findEventFor(scope.db, scope.actor, "read", params.a, params.e);
    const { rows, pagination } = await listRecommendations(scope.db, event, query);
    return { data: rows.map(presentRecommendation), pagination };
  }),
  route(recommendations.add, async (scope, { params, body }, ctx) => {
    const { event } = await findEventFor(scope.db, scope.actor, "update", params.a, params.e);
    const created = await addRecommendations(ctx, event, body.guestId, body.recommendations);
    return { data: created.map(presentRecommendation) };
  }),
  route(recommendations.accept, async (scope, { params }, ctx) => {
    const { event } = await findEventFor(scope.db, scope.actor, "update", params.a, params.e);
    return presentRecommendation(await acceptRecommendation(ctx, event, params.id));
  }),
  route(recommendations.refuse, async (scope, { params }, ctx) => {
    const { event } = await findEventFor(scope.db, scope.actor, "update", params.a, params.e);
    return presentRecommendation(await refuseRecommendation(ctx, event, params.id));
  }),
];
