import { useCurrentEvent } from "../../events/EventContext.ts";
import { useEventsBase } from "../../events/EventsBase.ts";

/** /manage/events/{id}/ticketing/orders (or the platform administrators' equivalent). */
export function useOrdersBase(): string {
  const { event } = useCurrentEvent();
  return `${useEventsBase()}/${event.id}/ticketing/orders`;
}

/** /manage/events/{id}/guests: where a buyer's or a holder's page is. */
export function useGuestsBase(): string {
  const { event } = useCurrentEvent();
  return `${useEventsBase()}/${event.id}/guests`;
}
