import type { Language } from "@tessera/shared/i18n/languages";

/** A timestamp of the API (UTC, ISO 8601) as the user reads dates in their language. */
export function formatDateTime(isoTimestamp: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(isoTimestamp));
}
