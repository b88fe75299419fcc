import { organizerContracts, ticketingParamContracts } from "@tessera/shared/contracts/ticketingBilling";
import { presentOrganizer, presentTicketingParams } from "../../presenters/ticketingBilling.ts";
import { listOrganizers, saveOrganizer } from "../../../services/ticketing/billing.ts";
import { getTicketingParams, updateTicketingParams } from "../../../services/ticketing/params.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/organizers and /ticketingparams: billing and the event's ticketing parameters (spec §7). */
export const ticketingBillingRoutes: Route[] = [
  route(organizerContracts.list, async (scope, { params }) => ({
    data: (await listOrganizers(scope, eventKey(params))).map(presentOrganizer),
  })),
  route(organizerContracts.save, async (scope, { params, body }) =>
    presentOrganizer(await saveOrganizer(scope, eventKey(params), body)),
  ),
  route(ticketingParamContracts.get, async (scope, { params }) =>
    presentTicketingParams(await getTicketingParams(scope, eventKey(params))),
  ),
  route(ticketingParamContracts.update, async (scope, { params, body }) =>
    presentTicketingParams(await updateTicketingParams(scope, eventKey(params), body)),
  ),
];
