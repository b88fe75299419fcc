import type { Language } from "@tessera/shared";

const HTTP_LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Characters that end a sentence around a link rather than belong to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** The absolute http(s) links of a plain-text body, in order of appearance. */
export function linksInText(text: string): string[] {
  return [...text.matchAll(HTTP_LINK)].map((match) => match[0].replace(TRAILING_PUNCTUATION, ""));
}

/**
 * The guest portal's sign-in page of an event in a language (the guest site's /{lang}/{event}/portal), where a
 * guest checks or changes their registration.
 */
export function guestPortalLink(publicUrl: string, language: Language, eventSlug: string): string {
  return `${publicUrl}/${language}/${encodeURIComponent(eventSlug)}/portal`;
}
