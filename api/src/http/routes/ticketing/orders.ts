import { orderContracts as orders } from "@tessera/shared/contracts/ticketingOrders";
import { presentBillingAddress, presentOrderDetail, presentOrderSummary } from "../../presenters/ticketingOrders.ts";
import {
  awaitOrder,
  billingAddress,
  cancelOrder,
  confirmOrder,
  createOrder,
  getOrder,
  payOrderFor,
  refundOrderFor,
  updateOrder,
} from "../../../services/orders/orderActions.ts";
import { exportOrders } from "../../../services/orders/orderExport.ts";
import { listOrders } from "../../../services/orders/orderList.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/orders: the Order history, an order's page and its actions (spec §7 `orders`). */
export const ticketingOrderRoutes: Route[] = [
  route(orders.list, async (scope, { params, query }) => {
    const page = await listOrders(scope, eventKey(params), query);
    return {
      data: page.rows.map(presentOrderSummary),
      pagination: { page: page.page, perPage: page.perPage, total: page.total },
      counts: page.counts,
    };
  }),
  // Before orders/:id, which would take "export" for an id.
  route(orders.export, async (scope, { params, query }, ctx) => {
    const file = await exportOrders(scope, eventKey(params), query);
    ctx.type = file.contentType;
    ctx.attachment(file.fileName);
    ctx.body = file.body;
  }),
  route(orders.get, async (scope, { params }) =>
    presentOrderDetail(await getOrder(scope, eventKey(params), params.id)),
  ),
  route(orders.create, async (scope, { params, body }) =>
    presentOrderDetail(await createOrder(scope, eventKey(params), body)),
  ),
  route(orders.update, async (scope, { params, body }) =>
    presentOrderDetail(await updateOrder(scope, eventKey(params), params.id, body)),
  ),
  route(orders.pay, async (scope, { params, body }) => {
    const { outcome, view } = await payOrderFor(scope, eventKey(params), params.id, body);
    return {
      status: outcome.status,
      ...(outcome.status === "requires_action" ? { clientSecret: outcome.clientSecret } : {}),
      order: presentOrderDetail(view),
    };
  }),
  route(orders.confirm, async (scope, { params, body }) =>
    presentOrderDetail(await confirmOrder(scope, eventKey(params), params.id, body)),
  ),
  route(orders.await, async (scope, { params, body }) =>
    presentOrderDetail(await awaitOrder(scope, eventKey(params), params.id, body)),
  ),
  route(orders.cancel, async (scope, { params }) =>
    presentOrderDetail(await cancelOrder(scope, eventKey(params), params.id)),
  ),
  route(orders.refund, async (scope, { params, body }) =>
    presentOrderDetail(await refundOrderFor(scope, eventKey(params), params.id, body)),
  ),
  route(orders.billingAddress, async (scope, { params }) =>
    presentBillingAddress(await billingAddress(scope, eventKey(params), params.id)),
  ),
];
