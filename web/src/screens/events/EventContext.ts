import { createContext, useContext } from "react";
import { useEvent, type EventJson } from "@/queries/events.ts";

/** Which event the event area (/manage/events/:eventId/…) shows; its data is the query layer's. */
export interface EventAreaRef {
  accountId: string;
  eventId: string;
}

export const EventContext = createContext<EventAreaRef | null>(null);

/**
 * The event of the event area, as the query layer holds it: EventArea shows its tabs only once it has
 * loaded, and every change saved through the events mutations lands here.
 */
export function useCurrentEvent(): { accountId: string; event: EventJson } {
  const ref = useContext(EventContext);
  if (!ref) throw new Error("useCurrentEvent() is only available inside the event area");
  const { data } = useEvent(ref.accountId, ref.eventId);
  if (!data) throw new Error("useCurrentEvent() is used before EventArea loaded the event");
  return { accountId: ref.accountId, event: data };
}
