import { discountContracts as discounts } from "@tessera/shared/contracts/ticketingDiscounts";
import { presentDiscount } from "../../presenters/ticketingDiscounts.ts";
import {
  createDiscount,
  deleteDiscount,
  getDiscount,
  listDiscounts,
  updateDiscount,
} from "../../../services/ticketing/discounts.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/discounts: ticketing's automatic discounts (spec §7 `discounts`). */
export const ticketingDiscountRoutes: Route[] = [
  route(discounts.list, async (scope, { params }) => ({
    data: (await listDiscounts(scope, eventKey(params))).map(presentDiscount),
  })),
  route(discounts.create, async (scope, { params, body }) =>
    presentDiscount(await createDiscount(scope, eventKey(params), body)),
  ),
  route(discounts.get, async (scope, { params }) =>
    presentDiscount(await getDiscount(scope, eventKey(params), params.id)),
  ),
  route(discounts.update, async (scope, { params, body }) =>
    presentDiscount(await updateDiscount(scope, eventKey(params), params.id, body)),
  ),
  route(discounts.remove, async (scope, { params }) => {
    await deleteDiscount(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
];
