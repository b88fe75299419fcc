import { createContext, useContext } from "react";
import type { EventJson } from "@/queries/events.ts";

/** The check-in section of one event: where it lives and whether the user may change its sessions. */
export interface CheckinsArea {
  accountId: string;
  event: EventJson;
  /** /manage/events/{id}/checkins (or the platform's address of it). */
  base: string;
  canEdit: boolean;
}

export const CheckinsContext = createContext<CheckinsArea | null>(null);

export function useCheckinsArea(): CheckinsArea {
  const area = useContext(CheckinsContext);
  if (!area) throw new Error("useCheckinsArea() is only available inside the check-in section");
  return area;
}
