import { createContext, useContext } from "react";
import type { HandTypedApiClient as ApiClient, EventJson } from "@tessera/shared/client";
import type { CustomFieldsStore } from "@/stores/CustomFieldsStore.ts";
import type { GuestListStore } from "@/stores/GuestListStore.ts";

/** What every guests screen of one event shares: the event, its custom fields and its list. */
export interface GuestsArea {
  api: ApiClient;
  accountId: string;
  event: EventJson;
  /** /manage/events/{id}/guests (or the platform administrators' equivalent). */
  base: string;
  /** Guests and custom fields may be changed (the event's `update` ability). */
  canWrite: boolean;
  fields: CustomFieldsStore;
  list: GuestListStore;
}

export const GuestsContext = createContext<GuestsArea | null>(null);

export function useGuestsArea(): GuestsArea {
  const area = useContext(GuestsContext);
  if (!area) throw new Error("useGuestsArea() is only available inside the guests section");
  return area;
}
