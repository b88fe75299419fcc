import type { OrganizerJson, TicketingParamsJson } from "@tessera/shared/schemas/ticketingBilling";
import type { Organizer } from "../../models/Organizer.ts";
import type { TicketingParamsView } from "../../services/ticketing/params.ts";

export function presentOrganizer(organizer: Organizer): OrganizerJson {
  return {
    id: organizer.id,
    corporateName: organizer.corporateName,
    legalStructure: organizer.legalStructure,
    shareCapitalCents: organizer.shareCapitalCents,
    siret: organizer.siret,
    rcsNumber: organizer.rcsNumber,
    street: organizer.street,
    zip: organizer.zip,
    city: organizer.city,
    vatStatus: organizer.vatStatus,
    vatNumber: organizer.vatNumber,
    legalMentions: organizer.legalMentions,
    createdAt: organizer.createdAt.toISOString(),
    updatedAt: organizer.updatedAt.toISOString(),
  };
}

export function presentTicketingParams({ params }: TicketingParamsView): TicketingParamsJson {
  return {
    ticketOffice: params.ticketOffice,
    mode: params.mode,
    terms: params.terms,
    paymentMethods: [...params.paymentMethods],
    organizerId: params.organizerId,
    salesStartedAt: params.salesStartedAt?.toISOString() ?? null,
    updatedAt: params.updatedAt?.toISOString() ?? null,
  };
}
