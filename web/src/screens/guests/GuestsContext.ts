import { createContext, useContext } from "react";
import { useCustomFields } from "@/queries/customFields.ts";
import type { EventJson } from "@/queries/events.ts";

/** Which event every guests screen works on; its data (guests, custom fields) is the query layer's. */
export interface GuestsArea {
  accountId: string;
  event: EventJson;
  /** /manage/events/{id}/guests (or the platform administrators' equivalent). */
  base: string;
  /** Guests and custom fields may be changed (the event's `update` ability). */
  canWrite: boolean;
}

export const GuestsContext = createContext<GuestsArea | null>(null);

export function useGuestsArea(): GuestsArea {
  const area = useContext(GuestsContext);
  if (!area) throw new Error("useGuestsArea() is only available inside the guests section");
  return area;
}

/** The event's custom fields, in their order (GuestsSection shows its screens once they are read). */
export function useGuestFields() {
  const { accountId, event } = useGuestsArea();
  return useCustomFields(accountId, event.id).fields;
}
