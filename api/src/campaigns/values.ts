import type { Language } from "@tessera/shared";
import type { MergeValues } from "./render.ts";
import { unsubscribePageUrl } from "./links.ts";
import { RECIPIENT_TOKEN_TAG } from "./render.ts";

/** What a send knows of its event, read once (not per recipient). */
export interface CampaignEventFacts {
  name: string;
  slug: string;
  startsAt: Date | null;
  isAllDay: boolean;
  timezone: string;
  /** The event's online registration form, if it has one (the registration link opens it). */
  registrationFormId: string | null;
}

/** What a send knows of a recipient's guest. */
export interface RecipientFacts {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  email: string;
  language: Language;
  token: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The event's date as the recipient's language writes it, in the event's time zone. */
export function eventDateText(event: CampaignEventFacts, language: Language): string {
  if (!event.startsAt) return "";
  const key = `${language}|${event.timezone}|${event.isAllDay}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      dateStyle: "long",
      ...(event.isAllDay ? {} : { timeStyle: "short" }),
      timeZone: event.timezone,
    });
    dateFormats.set(key, format);
  }
  return format.format(event.startsAt);
}

/** The guest site's address of the event in a language (English without a prefix). */
function eventSite(publicUrl: string, language: Language, slug: string): string {
  return `${publicUrl}${language === "en" ? "" : `/${language}`}/${encodeURIComponent(slug)}`;
}

/**
 * One recipient's merge values (every tag of shared MERGE_TAGS, and the token). The registration link opens the
 * event's online registration form (the portal when it has none); the badge is downloaded from the portal.
 */
export function recipientMergeValues(
  publicUrl: string,
  event: CampaignEventFacts,
  recipient: RecipientFacts,
): MergeValues {
  const site = eventSite(publicUrl, recipient.language, event.slug);
  const portal = `${site}/portal`;
  const fullName = [recipient.firstName, recipient.lastName].filter(Boolean).join(" ");
  return {
    firstName: recipient.firstName ?? "",
    lastName: recipient.lastName ?? "",
    fullName,
    company: recipient.company ?? "",
    email: recipient.email,
    eventName: event.name,
    eventDate: eventDateText(event, recipient.language),
    registrationLink: event.registrationFormId
      ? `${site}/forms/view/${encodeURIComponent(event.registrationFormId)}`
      : portal,
    portalLink: portal,
    badgeLink: `${portal}/me`,
    unsubscribeLink: unsubscribePageUrl(publicUrl, recipient.language, recipient.token),
    [RECIPIENT_TOKEN_TAG]: recipient.token,
  };
}
