import { guestContracts as guests } from "@tessera/shared/contracts/guests";
import { presentHeldTicket, presentOrder } from "../../presenters/order.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { findGuest } from "../../../services/guests/write.ts";
import { listHeldTickets, listPlacedOrders } from "../../../services/orders/guestOrders.ts";
import { route, type Route } from "../define.ts";

/** A guest's tickets and orders (spec §7 users/{id}/tickets and users/{id}/orders). */
export const guestOrderRoutes: Route[] = [
  route(guests.tickets, async (scope, { params }) => {
    const { event } = await findEventFor(scope.db, scope.actor, "read", params.a, params.e);
    const guest = await findGuest(scope.db, event.id, params.id);
    return { data: (await listHeldTickets(scope.db, event.id, guest.id)).map(presentHeldTicket) };
  }),
  route(guests.orders, async (scope, { params }) => {
    const { event } = await findEventFor(scope.db, scope.actor, "read", params.a, params.e);
    const guest = await findGuest(scope.db, event.id, params.id);
    return { data: (await listPlacedOrders(scope.db, event.id, guest.id)).map(presentOrder) };
  }),
];
