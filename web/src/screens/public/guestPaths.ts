import { DEFAULT_LANGUAGE, type Language } from "@tessera/shared/i18n/languages";

/** Which guest page a route shows (the guest site's chunk holds them all). */
export type GuestPage = "form" | "portal" | "confirm" | "me" | "contact" | "order" | "unsubscribe" | "senderVerify";

/** The path prefix of a language on the guest site: none for English, "/fr" for French. */
export function languagePrefix(language: Language): string {
  return language === DEFAULT_LANGUAGE ? "" : `/${language}`;
}

/** The guest site's addresses for one event, under a path prefix ("" or "/fr"). */
export function guestPaths(prefix: string, eventSlug: string) {
  const event = `${prefix}/${encodeURIComponent(eventSlug)}`;
  return {
    form: (formId: string) => `${event}/forms/view/${encodeURIComponent(formId)}`,
    portal: `${event}/portal`,
    confirm: `${event}/portal/confirm`,
    me: `${event}/portal/me`,
    contact: `${event}/contact`,
    /** An order's payment step, by its buyer's secret link (the API's payPath, under the language's prefix). */
    order: (orderId: string, secret: string) =>
      `${event}/orders/${encodeURIComponent(orderId)}/${encodeURIComponent(secret)}`,
  };
}

export type GuestPaths = ReturnType<typeof guestPaths>;

/** The same page in another language: the path's prefix replaced, the query and fragment kept. */
export function pathInLanguage(
  location: { pathname: string; search: string; hash: string },
  prefix: string,
  language: Language,
): string {
  const rest =
    prefix && location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) : location.pathname;
  return `${languagePrefix(language)}${rest}${location.search}${location.hash}`;
}
