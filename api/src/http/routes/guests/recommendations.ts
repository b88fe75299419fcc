import { recommendationContracts as recommendations } from "@tessera/shared/contracts/recommendations";
import {
  acceptRecommendation,
  addRecommendations,
  listRecommendations,
  refuseRecommendation,
} from "../../../services/guests/recommendations.ts";
import { presentRecommendation } from "../../presenters/recommendations.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "./eventKey.ts";

/** /events/{a}/{e}/recommendations: people guests recommend, to accept or refuse. */
export const recommendationRoutes: Route[] = [
  route(recommendations.list, async (scope, { params, query }) => {
    const { rows, pagination } = await listRecommendations(scope, eventKey(params), query);
    return { data: rows.map(presentRecommendation), pagination };
  }),
  route(recommendations.add, async (scope, { params, body }) => ({
    data: (await addRecommendations(scope, eventKey(params), body.guestId, body.recommendations)).map(
      presentRecommendation,
    ),
  })),
  route(recommendations.accept, async (scope, { params }) =>
    presentRecommendation(await acceptRecommendation(scope, eventKey(params), params.id)),
  ),
  route(recommendations.refuse, async (scope, { params }) =>
    presentRecommendation(await refuseRecommendation(scope, eventKey(params), params.id)),
  ),
];
