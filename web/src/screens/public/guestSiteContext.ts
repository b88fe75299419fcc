import { createContext, useContext } from "react";
import { useParams } from "react-router";
import type { Language } from "@tessera/shared/i18n/languages";
import { guestPaths } from "./guestPaths.ts";

export interface GuestSiteContextValue {
  /** The path's language prefix: "" or "/fr". */
  prefix: string;
  language: Language;
}

export const GuestSiteContext = createContext<GuestSiteContextValue | null>(null);

/** The guest page's language, its event's slug and the guest site's addresses for that event. */
export function useGuestSite() {
  const site = useContext(GuestSiteContext);
  if (!site) throw new Error("useGuestSite() is only available inside the guest site");
  const eventSlug = useParams().event ?? "";
  return { ...site, eventSlug, paths: guestPaths(site.prefix, eventSlug) };
}
