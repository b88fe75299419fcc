import {
  AddRecommendationsBody,
  EventScopedIdParams,
  EventScopedParams,
  RecommendationJsonSchema,
  RecommendationList,
  RecommendationListQuery,
  RecommendationPage,
} from "@tessera/shared";
import { findEventFor } from "../../../services/events/find.ts";
import {
  acceptRecommendation,
  addRecommendations,
  listRecommendations,
  refuseRecommendation,
} from "../../../services/guests/recommendations.ts";
import { presentRecommendation } from "../../presenters/recommendations.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["recommendations"];
const ACCESS =
  "Read: anyone who sees the event (events.read); add, accept and refuse: editors and up (events.update). " +
  "An event the caller cannot see answers 404.";
const STATES = "A recommendation goes pending → accepted or pending → refused, once: any other move is 409.";

export const recommendationRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/events/:a/:e/recommendations",
    summary: "List the event's recommendations",
    description: "Newest first; `status` and `recommenderGuestId` filter. " + ACCESS,
    tags: TAGS,
    params: EventScopedParams,
    query: RecommendationListQuery,
    response: RecommendationPage,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.e);
      const { rows, pagination } = await listRecommendations(ctx.deps.db, event, query);
      return { data: rows.map(presentRecommendation), pagination };
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/recommendations",
    summary: "Record people a guest recommends",
    description:
      "Each person becomes a pending recommendation of guest `guestId` (422 when not a guest of this event). " +
      "Until guests log in (emailed link), an organizer or API key acts for the guest. " +
      ACCESS,
    tags: TAGS,
    params: EventScopedParams,
    body: AddRecommendationsBody,
    response: RecommendationList,
    status: 201,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "update", params.a, params.e);
      const created = await addRecommendations(ctx, event, body.guestId, body.recommendations);
      return { data: created.map(presentRecommendation) };
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/recommendations/:id/accept",
    summary: "Accept a recommendation",
    description:
      "The person becomes a guest (source recommendation, prescriber the recommender's full name), or the " +
      "event's guest with that email is linked. " +
      STATES +
      " " +
      ACCESS,
    tags: TAGS,
    params: EventScopedIdParams,
    response: RecommendationJsonSchema,
    errors: [403, 404, 409],
    handler: async (ctx, { params }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "update", params.a, params.e);
      return presentRecommendation(await acceptRecommendation(ctx, event, params.id));
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/recommendations/:id/refuse",
    summary: "Refuse a recommendation",
    description: STATES + " " + ACCESS,
    tags: TAGS,
    params: EventScopedIdParams,
    response: RecommendationJsonSchema,
    errors: [403, 404, 409],
    handler: async (ctx, { params }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "update", params.a, params.e);
      return presentRecommendation(await refuseRecommendation(ctx, event, params.id));
    },
  }),
];
