import { useGuestSite } from "../guestSiteContext.ts";
import { ContactOrganizer } from "./ContactOrganizer.tsx";

/** /{lang}/{event}/contact: anyone, signed in to the portal or not, writes to the event's organizer. */
export function ContactScreen() {
  const { eventSlug } = useGuestSite();
  return <ContactOrganizer eventSlug={eventSlug} />;
}
