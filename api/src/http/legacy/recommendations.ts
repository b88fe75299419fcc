import {
  AddRecommendationsBody,
  RecommendationJsonSchema,
  RecommendationList,
  RecommendationListQuery,
  RecommendationPage,
} from "@tessera/shared";
import { defineRoute, type Route } from "../routes/define.ts";
import {
  acceptRecommendation,
  addRecommendations,
  listRecommendations,
  recommendationsOfGuest,
  refuseRecommendation,
} from "../../services/guests/recommendations.ts";
import { presentRecommendation } from "../presenters/recommendations.ts";
import {
  findLegacyEvent,
  LegacyEventIdParams,
  LegacyEventParams,
  requireAntiForgeryOnGetWrite,
} from "./eventBySlug.ts";

const TAGS = ["recommendations", "legacy"];
const ACCESS =
  "`event` is the event's slug, in the caller's account (404 otherwise). Read: events.read; writes: events.update.";
const GET_WRITE = "A write on GET: cookie sessions must send the X-CSRF-Token header.";
const GUEST_SIDE =
  "Guest side: until guests log in by emailed link (a later issue), the caller is an organizer or an API key of " +
  "the account acting for the guest named by id.";

export const legacyRecommendationRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/:event/admin/recommendations/getAllRecommendationsJson",
    isLegacy: true,
    summary: "List the event's recommendations (legacy)",
    description: "Same as GET /api/v1/events/{a}/{e}/recommendations. " + ACCESS,
    tags: TAGS,
    params: LegacyEventParams,
    query: RecommendationListQuery,
    response: RecommendationPage,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      const { event } = await findLegacyEvent(ctx, params.event, "read");
      const { rows, pagination } = await listRecommendations(ctx.deps.db, event, query);
      return { data: rows.map(presentRecommendation), pagination };
    },
  }),
  ...(
    [
      ["accept", "Accept", acceptRecommendation],
      ["refuse", "Refuse", refuseRecommendation],
    ] as const
  ).map(([verb, Verb, decide]) =>
    defineRoute({
      method: "get",
      path: `/:event/admin/recommendations/${verb}RecommendationJson/:id`,
      isLegacy: true,
      summary: `${Verb} a recommendation (legacy)`,
      description: `Pending only (409 otherwise). ${GET_WRITE} ${ACCESS}`,
      tags: TAGS,
      params: LegacyEventIdParams,
      response: RecommendationJsonSchema,
      errors: [403, 404, 409],
      handler: async (ctx, { params }) => {
        requireAntiForgeryOnGetWrite(ctx);
        const { event } = await findLegacyEvent(ctx, params.event, "update");
        return presentRecommendation(await decide(ctx, event, params.id));
      },
    }),
  ),
  defineRoute({
    method: "post",
    path: "/:event/recommendations/addRecommendationsJson",
    isLegacy: true,
    summary: "Recommend people (legacy, guest side)",
    description: `${GUEST_SIDE} ${ACCESS}`,
    tags: TAGS,
    params: LegacyEventParams,
    body: AddRecommendationsBody,
    response: RecommendationList,
    status: 201,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => {
      const { event } = await findLegacyEvent(ctx, params.event, "update");
      const created = await addRecommendations(ctx, event, body.guestId, body.recommendations);
      return { data: created.map(presentRecommendation) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/:event/recommendations/getRecommendationsJson/:id",
    isLegacy: true,
    summary: "The recommendations guest :id made (legacy, guest side)",
    description: `${GUEST_SIDE} ${ACCESS}`,
    tags: TAGS,
    params: LegacyEventIdParams,
    response: RecommendationList,
    errors: [404],
    handler: async (ctx, { params }) => {
      const { event } = await findLegacyEvent(ctx, params.event, "read");
      return { data: (await recommendationsOfGuest(ctx.deps.db, event, params.id)).map(presentRecommendation) };
    },
  }),
];
