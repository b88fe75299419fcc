import { useCurrentEvent } from "../events/EventContext.ts";
import { useEventsBase } from "../events/EventsBase.ts";

/** The event's campaigns and where they live (/manage/events/{id}/campaigns), and whether they may be written. */
export function useCampaignsArea() {
  const { accountId, event } = useCurrentEvent();
  const eventsBase = useEventsBase();
  return {
    accountId,
    event,
    base: `${eventsBase}/${event.id}/campaigns`,
    /** The statistics of a sent campaign (the Statistics section's campaigns part). */
    statisticsOf: (campaignId: string) => `${eventsBase}/${event.id}/statistics/campaigns/${campaignId}`,
    /** Editors and up write the event's campaigns (the event's `update` ability). */
    canEdit: Boolean(event.abilities.update),
  };
}
