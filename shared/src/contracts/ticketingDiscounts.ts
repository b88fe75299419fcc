import { Ok } from "../schemas/common.ts";
import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { DiscountCreate, DiscountList, DiscountSchema, DiscountUpdate } from "../schemas/ticketingDiscounts.ts";
import { contract } from "./contract.ts";

const tags = ["ticketing"];

const READ = "Anyone who sees the event.";
const WRITE = "Editors and up (events.update), like the event's other content.";

/** /events/{a}/{e}/discounts: the event's automatic discounts (spec §7 `discounts`), applied without a code. */
export const discountContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/discounts",
    summary: "List the event's automatic discounts",
    description: `By position (the order in which they apply), then by name. ${READ}`,
    tags,
    params: EventScopedParams,
    response: DiscountList,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/discounts",
    summary: "Create an automatic discount",
    description:
      "A name of 1 to 100 characters; an amount off in cents or a percent off in basis points, exactly one " +
      "(422 coupon_one_discount); the tickets it applies to, tickets of this event (422 invalid_value), none " +
      "meaning all, and the least number of them the order must hold (default 1); a validity window whose end " +
      "comes after its start (422 ends_before_start), null meaning open; max uses (null: unlimited); active or " +
      "not (default active); combinable with coupons or not (default not); a position (default: after the " +
      `event's last discount). ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: DiscountCreate,
    response: DiscountSchema,
    status: 201,
    errors: [403, 404, 422],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/discounts/:id",
    summary: "Get an automatic discount",
    description: READ,
    tags,
    params: EventScopedIdParams,
    response: DiscountSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/discounts/:id",
    summary: "Update an automatic discount",
    description:
      "Any of the creation's fields, checked the same way on the result; `ticketIds` replaces the whole list; " +
      `giving one of the amount off and the percent off with the other null switches the kind. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: DiscountUpdate,
    response: DiscountSchema,
    errors: [403, 404, 422],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/discounts/:id",
    summary: "Delete an automatic discount",
    description: WRITE,
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
  }),
};
