import { ticketCategoryContracts as categories, ticketContracts as tickets } from "@tessera/shared/contracts/ticketing";
import { presentTicket, presentTicketCategory } from "../../presenters/ticketing.ts";
import {
  createCategory,
  createTicket,
  deleteCategory,
  deleteTicket,
  getCategory,
  getTicket,
  listCategories,
  listTickets,
  positionCategories,
  updateCategory,
  updateTicket,
} from "../../../services/ticketing/catalogue.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/categories and /tickets: ticketing's catalogue (spec §7 `categories`, `tickets`). */
export const ticketingCatalogueRoutes: Route[] = [
  route(categories.list, async (scope, { params }) => ({
    data: (await listCategories(scope, eventKey(params))).categories.map(presentTicketCategory),
  })),
  route(categories.create, async (scope, { params, body }) =>
    presentTicketCategory(await createCategory(scope, eventKey(params), body)),
  ),
  route(categories.positions, async (scope, { params, body }) => ({
    data: (await positionCategories(scope, eventKey(params), body.ids)).categories.map(presentTicketCategory),
  })),
  route(categories.get, async (scope, { params }) =>
    presentTicketCategory(await getCategory(scope, eventKey(params), params.id)),
  ),
  route(categories.update, async (scope, { params, body }) =>
    presentTicketCategory(await updateCategory(scope, eventKey(params), params.id, body)),
  ),
  route(categories.remove, async (scope, { params }) => {
    await deleteCategory(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
  route(tickets.list, async (scope, { params }) => ({
    data: (await listTickets(scope, eventKey(params))).map(presentTicket),
  })),
  route(tickets.create, async (scope, { params, body }) =>
    presentTicket(await createTicket(scope, eventKey(params), body)),
  ),
  route(tickets.get, async (scope, { params }) => presentTicket(await getTicket(scope, eventKey(params), params.id))),
  route(tickets.update, async (scope, { params, body }) =>
    presentTicket(await updateTicket(scope, eventKey(params), params.id, body)),
  ),
  route(tickets.remove, async (scope, { params }) => {
    await deleteTicket(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
];
