import { createContext, useContext } from "react";
import type { EventJson } from "@/queries/events.ts";

/** The e-badges section of one event: where it lives and whether the user may change its templates. */
export interface EbadgesArea {
  accountId: string;
  event: EventJson;
  /** /manage/events/{id}/ebadges (or the platform's address of it). */
  base: string;
  canEdit: boolean;
}

export const EbadgesContext = createContext<EbadgesArea | null>(null);

export function useEbadgesArea(): EbadgesArea {
  const area = useContext(EbadgesContext);
  if (!area) throw new Error("useEbadgesArea() is only available inside the e-badges section");
  return area;
}
