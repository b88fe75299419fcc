import { createContext, useContext } from "react";
import type { EventStore } from "@/stores/EventStore.ts";

/** The event of the event area (/manage/events/:eventId/…), loaded once for its tabs. */
export const EventContext = createContext<EventStore | null>(null);

export function useEventStore(): EventStore {
  const store = useContext(EventContext);
  if (!store) throw new Error("useEventStore() is only available inside the event area");
  return store;
}
