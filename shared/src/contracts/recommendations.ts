import {
  AddRecommendationsBody,
  RecommendationJsonSchema,
  RecommendationList,
  RecommendationListQuery,
  RecommendationPage,
} from "../schemas/guestDuplicates.ts";
import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["recommendations"];
const ACCESS =
  "Read: anyone who sees the event (events.read); add, accept and refuse: editors and up (events.update). " +
  "An event the caller cannot see answers 404.";
const STATES = "A recommendation goes pending → accepted or pending → refused, once: any other move is 409.";

/** /events/{a}/{e}/recommendations: people guests recommend, to accept or refuse. */
export const recommendationContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/recommendations",
    summary: "List the event's recommendations",
    description: "Newest first; `status` and `recommenderGuestId` filter. " + ACCESS,
    tags,
    params: EventScopedParams,
    query: RecommendationListQuery,
    response: RecommendationPage,
    errors: [404],
  }),
  add: contract({
    method: "post",
    path: "/events/:a/:e/recommendations",
    summary: "Record people a guest recommends",
    description:
      "Each person becomes a pending recommendation of guest `guestId` (422 when not a guest of this event). " +
      "Until guests log in (emailed link), an organizer or API key acts for the guest. " +
      ACCESS,
    tags,
    params: EventScopedParams,
    body: AddRecommendationsBody,
    response: RecommendationList,
    status: 201,
    errors: [403, 404],
  }),
  accept: contract({
    method: "post",
    path: "/events/:a/:e/recommendations/:id/accept",
    summary: "Accept a recommendation",
    description:
      "The person becomes a guest (source recommendation, prescriber the recommender's full name), or the " +
      "event's guest with that email is linked. " +
      STATES +
      " " +
      ACCESS,
    tags,
    params: EventScopedIdParams,
    response: RecommendationJsonSchema,
    errors: [403, 404, 409],
  }),
  refuse: contract({
    method: "post",
    path: "/events/:a/:e/recommendations/:id/refuse",
    summary: "Refuse a recommendation",
    description: STATES + " " + ACCESS,
    tags,
    params: EventScopedIdParams,
    response: RecommendationJsonSchema,
    errors: [403, 404, 409],
  }),
};
