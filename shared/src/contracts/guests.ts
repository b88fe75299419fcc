import { Ok } from "../schemas/common.ts";
import {
  DeleteGuestsBody,
  DeleteGuestsResult,
  EventScopedIdParams,
  EventScopedParams,
  GuestCount,
  GuestCountQuery,
  GuestCreate,
  GuestListQuery,
  GuestPage,
  GuestSchema,
  GuestsAnswersBody,
  GuestsAnswersResult,
  GuestUpdate,
} from "../schemas/guests.ts";
import { GuestTicketList, OrderList } from "../schemas/orders.ts";
import { contract } from "./contract.ts";

const tags = ["guests"];
const ACCESS =
  "Read: anyone who sees the event (events.read); write and delete: editors and up (events.update). " +
  "An event the caller cannot see answers 404.";
const ORDERS_ACCESS =
  "Read: anyone who sees the event (events.read), like GET users/{id}. An event the caller cannot see, or a " +
  "guest of another event, answers 404.";

/** /events/{a}/{e}/users: the guests of one event (spec §7 `users`), with their tickets and orders. */
export const guestContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/users",
    summary: "List the event's guests",
    description:
      "`view`: all, unanswered, waiting (pending approval) or a saved view id (its stored query under the " +
      "explicit parameters); `status`, `mailStatus`, `createdSource` comma-joined; date ranges; `filters` a JSON " +
      "array of {field, op, value} on built-in fields or custom fields by id (ops eq, neq, in, contains, empty, " +
      "not_empty, gte, lte); `search` on name, email and company; `godfatherId` a guest's companions; `sort` a " +
      "guest field or cf:<custom field id>, " +
      "ties broken by id. " +
      ACCESS,
    tags,
    params: EventScopedParams,
    query: GuestListQuery,
    response: GuestPage,
    errors: [404],
  }),
  count: contract({
    method: "get",
    path: "/events/:a/:e/users/count",
    summary: "Count the guests a list view matches",
    description:
      "The number of the event's guests that the list's `view`, filters and `search` match (the parameters of " +
      "GET users without paging, order or `count`). A list showing a window of pages asks it once per view and " +
      "its pages with count=false, so that scrolling never counts again. " +
      ACCESS,
    tags,
    params: EventScopedParams,
    query: GuestCountQuery,
    response: GuestCount,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/users",
    summary: "Add a guest",
    description:
      "Answers are checked against the custom fields' rules (required ones may stay empty here). The godfather " +
      "must be a guest of the event with fewer companions than the event's maximum (422 companions_too_many); " +
      "companions expected at most the event's maximum. Created source: manual, " +
      "or api for API keys. " +
      ACCESS,
    tags,
    params: EventScopedParams,
    body: GuestCreate,
    response: GuestSchema,
    status: 201,
    errors: [403, 404],
  }),
  setAnswers: contract({
    method: "post",
    path: "/events/:a/:e/users/customfields",
    summary: "Set answers on many guests",
    description:
      "The same answers on the selected guests of the event (null removes an answer): `ids`, or `query` (the " +
      "list's view, status, date, `filters` and `search` parameters) for every guest it matches; exactly one of " +
      "the two. File answers are set by upload, one guest at a time (422 here). " +
      ACCESS,
    tags,
    params: EventScopedParams,
    body: GuestsAnswersBody,
    response: GuestsAnswersResult,
    errors: [403, 404],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/users/:id",
    summary: "Get a guest",
    description: ACCESS,
    tags,
    params: EventScopedIdParams,
    response: GuestSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/users/:id",
    summary: "Update a guest",
    description:
      "Partial update; answers are merged (null removes one). `unlockEmail: true` lifts an unsubscription. " + ACCESS,
    tags,
    params: EventScopedIdParams,
    body: GuestUpdate,
    response: GuestSchema,
    errors: [403, 404],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/users/:id",
    summary: "Delete a guest",
    description: "409 guest_not_deleted with the reason when the guest may not go (e.g. they hold a ticket). " + ACCESS,
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404, 409],
  }),
  removeMany: contract({
    method: "post",
    path: "/events/:a/:e/deleteusers",
    summary: "Delete many guests",
    description:
      "Deletes the selected guests of the event that may go: `ids`, or `query` (the list's filters and search) " +
      "for every guest it matches; exactly one of the two. `refused` lists the others with the reason. " +
      ACCESS,
    tags,
    params: EventScopedParams,
    body: DeleteGuestsBody,
    response: DeleteGuestsResult,
    errors: [403, 404],
  }),
  tickets: contract({
    method: "get",
    path: "/events/:a/:e/users/:id/tickets",
    summary: "List the tickets a guest holds",
    description:
      "Items held by the guest in completed, awaiting-payment or partially refunded orders, quantity net of " +
      "refunds (fully refunded items are left out), newest order first; the buyer may be another guest. " +
      ORDERS_ACCESS,
    tags,
    params: EventScopedIdParams,
    response: GuestTicketList,
    errors: [404],
  }),
  orders: contract({
    method: "get",
    path: "/events/:a/:e/users/:id/orders",
    summary: "List the orders a guest placed",
    description:
      "Every order the guest placed (any status, carts included), newest first, with totals and items " +
      "(ticket caption, holder, quantity, refunded quantity, unit prices). Amounts in cents. " +
      ORDERS_ACCESS,
    tags,
    params: EventScopedIdParams,
    response: OrderList,
    errors: [404],
  }),
};
