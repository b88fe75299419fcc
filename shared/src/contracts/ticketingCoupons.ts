import { Ok } from "../schemas/common.ts";
import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { CouponCreate, CouponList, CouponSchema, CouponUpdate } from "../schemas/ticketingCoupons.ts";
import { contract } from "./contract.ts";

const tags = ["ticketing"];

const READ = "Anyone who sees the event.";
const WRITE = "Editors and up (events.update), like the event's other content.";

/** /events/{a}/{e}/coupons: the event's coupons (spec §3 Coupon, §7 `coupons`). */
export const couponContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/coupons",
    summary: "List the event's coupons",
    description: `By code. ${READ}`,
    tags,
    params: EventScopedParams,
    response: CouponList,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/coupons",
    summary: "Create a coupon",
    description:
      "A code of 1 to 15 characters without whitespace (422 coupon_code_format), unique in the event whatever " +
      "its case (422 coupon_code_taken); an amount off in cents or a percent off in basis points, exactly one " +
      "(422 coupon_one_discount); max redemptions (null: unlimited); combinable or not; a redeem-by date not in " +
      "the past (422 redeem_by_past); the tickets it applies to, tickets of this event (422 invalid_value), " +
      `none meaning all. ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: CouponCreate,
    response: CouponSchema,
    status: 201,
    errors: [403, 404, 422],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/coupons/:id",
    summary: "Get a coupon",
    description: READ,
    tags,
    params: EventScopedIdParams,
    response: CouponSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/coupons/:id",
    summary: "Update a coupon",
    description:
      "Any of the creation's fields, checked the same way on the result; `ticketIds` replaces the whole list; " +
      `giving one of the amount off and the percent off with the other null switches the kind. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: CouponUpdate,
    response: CouponSchema,
    errors: [403, 404, 422],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/coupons/:id",
    summary: "Delete a coupon",
    description: WRITE,
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
  }),
};
