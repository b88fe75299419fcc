import { createContext, useContext } from "react";

/**
 * Where the events of the account on screen live: /manage/events for the account's users,
 * /manage/platform/accounts/{id}/events for a platform administrator looking after an account.
 */
export const EventsBaseContext = createContext("/manage/events");

export function useEventsBase(): string {
  return useContext(EventsBaseContext);
}
