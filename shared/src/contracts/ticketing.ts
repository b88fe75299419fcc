import { Ok } from "../schemas/common.ts";
import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import {
  TicketCategoryCreate,
  TicketCategoryList,
  TicketCategoryPositions,
  TicketCategorySchema,
  TicketCategoryUpdate,
  TicketCreate,
  TicketList,
  TicketSchema,
  TicketUpdate,
} from "../schemas/ticketing.ts";
import { contract } from "./contract.ts";

const tags = ["ticketing"];

const READ = "Anyone who sees the event.";
const WRITE = "Editors and up (events.update), like the event's other content.";

/** /events/{a}/{e}/categories: the catalogue's ticket categories and subcategories (spec §7 `categories`). */
export const ticketCategoryContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/categories",
    summary: "List the event's ticket categories",
    description: `Top-level categories by position, each followed by its subcategories by position. ${READ}`,
    tags,
    params: EventScopedParams,
    response: TicketCategoryList,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/categories",
    summary: "Create a ticket category",
    description:
      "A name, a colour (#rrggbb) and, for a subcategory, its parent: a top-level category of the event " +
      `(422 invalid_value on parentId otherwise). It comes last among its siblings. ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: TicketCategoryCreate,
    response: TicketCategorySchema,
    status: 201,
    errors: [403, 404, 422],
  }),
  positions: contract({
    method: "post",
    path: "/events/:a/:e/categories/positions",
    summary: "Reorder the event's ticket categories",
    description:
      "`ids`: every category of the event, once each, in the new order (422 invalid_value on ids otherwise); " +
      `a subcategory's position is its order among its siblings. Answers the list. ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: TicketCategoryPositions,
    response: TicketCategoryList,
    errors: [403, 404, 422],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/categories/:id",
    summary: "Get a ticket category",
    description: READ,
    tags,
    params: EventScopedIdParams,
    response: TicketCategorySchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/categories/:id",
    summary: "Update a ticket category",
    description:
      "Any of the creation's fields. A category that has subcategories cannot become one (422 invalid_value on " +
      `parentId). ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: TicketCategoryUpdate,
    response: TicketCategorySchema,
    errors: [403, 404, 422],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/categories/:id",
    summary: "Delete a ticket category",
    description:
      "With its subcategories. Refused while it or one of its subcategories holds tickets (409 " +
      `category_has_tickets): move or delete them first. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404, 409],
  }),
};

/** /events/{a}/{e}/tickets: the catalogue's tickets and their price periods (spec §7 `tickets`). */
export const ticketContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/tickets",
    summary: "List the event's tickets",
    description: `By position, each with its price periods by start. ${READ}`,
    tags,
    params: EventScopedParams,
    response: TicketList,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/tickets",
    summary: "Create a ticket",
    description:
      "A caption, a description, a tax rate in basis points (null: no VAT), a max quantity (null: unlimited), " +
      "the option flag (an option cannot be bought alone), the on-sale flag, a category or subcategory and its " +
      "price periods: each gives its price before taxes or its price after taxes (not both, in cents), the other " +
      "derived with the tax rate; a period ends after it starts and the periods of a ticket do not overlap (422 " +
      `invalid_value). ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: TicketCreate,
    response: TicketSchema,
    status: 201,
    errors: [403, 404, 422],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/tickets/:id",
    summary: "Get a ticket",
    description: READ,
    tags,
    params: EventScopedIdParams,
    response: TicketSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/tickets/:id",
    summary: "Update a ticket",
    description:
      "Any of the creation's fields; `pricePeriods` replaces the whole list. A new tax rate without new periods " +
      `derives the prices after taxes again from the prices before taxes. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: TicketUpdate,
    response: TicketSchema,
    errors: [403, 404, 422],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/tickets/:id",
    summary: "Delete a ticket",
    description: `With its price periods. Refused once it was ordered (409 ticket_has_orders). ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404, 409],
  }),
};
