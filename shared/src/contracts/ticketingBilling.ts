import { EventScopedParams } from "../schemas/guests.ts";
import {
  OrganizerList,
  OrganizerSave,
  OrganizerSchema,
  TicketingParamsSchema,
  TicketingParamsUpdate,
} from "../schemas/ticketingBilling.ts";
import { contract } from "./contract.ts";

const tags = ["ticketing"];

/** /events/{a}/{e}/organizers: the account's organizers, who bill ticket sales (spec §3 Organizer/billing, §7). */
export const organizerContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/organizers",
    summary: "List the account's organizers",
    description:
      "The legal entities of the account that may bill an event's sales, by corporate name. Anyone who sees the event.",
    tags,
    params: EventScopedParams,
    response: OrganizerList,
    errors: [404],
  }),
  save: contract({
    method: "post",
    path: "/events/:a/:e/organizers",
    summary: "Create or change an organizer",
    description:
      "Without `id`: a new organizer of the account (corporate name, SIRET and VAT status needed). With " +
      "`id`: changes the fields sent of that organizer of the account (404 organizer_not_found otherwise). The " +
      "SIRET must have 14 digits whose checksum holds (422 on `siret`). Editors and up (events.update).",
    tags,
    params: EventScopedParams,
    body: OrganizerSave,
    response: OrganizerSchema,
    errors: [403, 404],
  }),
};

/** /events/{a}/{e}/ticketingparams: the event's ticketing parameters, and starting sales (spec §4, §5, §7). */
export const ticketingParamContracts = {
  get: contract({
    method: "get",
    path: "/events/:a/:e/ticketingparams",
    summary: "Get the event's ticketing parameters",
    description:
      "Ticket office opened or closed, test or live mode, terms, payment methods and the organizer that bills " +
      "(closed, test, card only and no organizer until set). Anyone who sees the event.",
    tags,
    params: EventScopedParams,
    response: TicketingParamsSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/ticketingparams",
    summary: "Change the event's ticketing parameters, or start or stop sales",
    description:
      "Only the fields sent change. `ticketOffice: opened` starts sales, refused with 409 and its message: " +
      "payment_info_needed without billing information (an organizer of the account), sales_need_ticket " +
      "without a ticket on sale, form_not_set without an online registration form, sales_need_payment_method " +
      "without a payment method. 404 organizer_not_found for an organizer that is not the account's. Editors and up " +
      "(events.update).",
    tags,
    params: EventScopedParams,
    body: TicketingParamsUpdate,
    response: TicketingParamsSchema,
    errors: [403, 404, 409],
  }),
};
