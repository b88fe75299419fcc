import { guestContracts as guests } from "@tessera/shared/contracts/guests";
import { presentHeldTicket, presentOrder } from "../../presenters/order.ts";
import { listGuestOrders, listGuestTickets } from "../../../services/orders/guestOrders.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "./eventKey.ts";

/** A guest's tickets and orders (spec §7 users/{id}/tickets and users/{id}/orders). */
export const guestOrderRoutes: Route[] = [
  route(guests.tickets, async (scope, { params }) => ({
    data: (await listGuestTickets(scope, eventKey(params), params.id)).map(presentHeldTicket),
  })),
  route(guests.orders, async (scope, { params }) => ({
    data: (await listGuestOrders(scope, eventKey(params), params.id)).map(presentOrder),
  })),
];
