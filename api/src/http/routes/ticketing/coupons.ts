import { couponContracts as coupons } from "@tessera/shared/contracts/ticketingCoupons";
import { presentCoupon } from "../../presenters/ticketingCoupons.ts";
import {
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
} from "../../../services/ticketing/coupons.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/coupons: ticketing's coupons (spec §7 `coupons`). */
export const ticketingCouponRoutes: Route[] = [
  route(coupons.list, async (scope, { params }) => ({
    data: (await listCoupons(scope, eventKey(params))).map(presentCoupon),
  })),
  route(coupons.create, async (scope, { params, body }) =>
    presentCoupon(await createCoupon(scope, eventKey(params), body)),
  ),
  route(coupons.get, async (scope, { params }) => presentCoupon(await getCoupon(scope, eventKey(params), params.id))),
  route(coupons.update, async (scope, { params, body }) =>
    presentCoupon(await updateCoupon(scope, eventKey(params), params.id, body)),
  ),
  route(coupons.remove, async (scope, { params }) => {
    await deleteCoupon(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
];
