import { createContext, useContext } from "react";
import type { EventJson } from "@/queries/events.ts";

/** Which event the forms screens work on; its forms and custom fields are the query layer's. */
export interface FormsArea {
  accountId: string;
  event: EventJson;
  /** /manage/events/{id}/forms (or the platform administrators' equivalent). */
  base: string;
  /** Forms may be created (the event's `update` ability; each form says what may be done with it). */
  canCreate: boolean;
}

export const FormsContext = createContext<FormsArea | null>(null);

export function useFormsArea(): FormsArea {
  const area = useContext(FormsContext);
  if (!area) throw new Error("useFormsArea() is only available inside the forms section");
  return area;
}
