import { EventScopedIdParams, GuestTicketList, OrderList } from "@tessera/shared";
import { presentHeldTicket, presentOrder } from "../../presenters/order.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { findGuest } from "../../../services/guests/write.ts";
import { listHeldTickets, listPlacedOrders } from "../../../services/orders/guestOrders.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["guests"];
const ACCESS =
  "Read: anyone who sees the event (events.read), like GET users/{id}. An event the caller cannot see, or a " +
  "guest of another event, answers 404.";

/** A guest's tickets and orders (spec §7 users/{id}/tickets and users/{id}/orders). */
export const guestOrderRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/events/:a/:e/users/:id/tickets",
    summary: "List the tickets a guest holds",
    description:
      "Items held by the guest in completed, awaiting-payment or partially refunded orders, quantity net of " +
      "refunds (fully refunded items are left out), newest order first; the buyer may be another guest. " +
      ACCESS,
    tags: TAGS,
    params: EventScopedIdParams,
    response: GuestTicketList,
    errors: [404],
    handler: async (ctx, { params }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.e);
      const guest = await findGuest(ctx.deps.db, event.id, params.id);
      return { data: (await listHeldTickets(ctx.deps.db, event.id, guest.id)).map(presentHeldTicket) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/events/:a/:e/users/:id/orders",
    summary: "List the orders a guest placed",
    description:
      "Every order the guest placed (any status, carts included), newest first, with totals and items " +
      "(ticket caption, holder, quantity, refunded quantity, unit prices). Amounts in cents. " +
      ACCESS,
    tags: TAGS,
    params: EventScopedIdParams,
    response: OrderList,
    errors: [404],
    handler: async (ctx, { params }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.e);
      const guest = await findGuest(ctx.deps.db, event.id, params.id);
      return { data: (await listPlacedOrders(ctx.deps.db, event.id, guest.id)).map(presentOrder) };
    },
  }),
];
