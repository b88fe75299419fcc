import { Ok } from "../schemas/common.ts";
import {
  EventScopedIdParams,
  EventScopedParams,
  GuestViewCreate,
  GuestViewList,
  GuestViewSchema,
} from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["guests"];

/** /events/{a}/{e}/guestviews: saved views of the guest list (in the `guests` area of the registry). */
export const guestViewContracts = {
  views: contract({
    method: "get",
    path: "/events/:a/:e/guestviews",
    summary: "List saved guest-list views",
    description: "The caller's own views and the shared ones, by name. Anyone who sees the event.",
    tags,
    params: EventScopedParams,
    response: GuestViewList,
    errors: [404],
  }),
  saveView: contract({
    method: "post",
    path: "/events/:a/:e/guestviews",
    summary: "Save a guest-list view",
    description:
      "Stores the query object as given. A personal view: anyone who sees the event; a shared one (`isShared`, " +
      "always for API keys): editors and up (events.update).",
    tags,
    params: EventScopedParams,
    body: GuestViewCreate,
    response: GuestViewSchema,
    status: 201,
    errors: [403, 404],
  }),
  removeView: contract({
    method: "delete",
    path: "/events/:a/:e/guestviews/:id",
    summary: "Delete a saved guest-list view",
    description: "One's own view, or a shared one for editors and up (events.update).",
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
  }),
};
