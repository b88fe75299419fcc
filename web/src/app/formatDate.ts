/**
 * A timestamp of the API (UTC, ISO 8601) as the user reads dates in their language: in `timeZone` when
 * given (an event's), said UTC when this browser does not know that zone; otherwise in the browser's.
 */
export function formatDateTime(isoTimestamp: string, language: string, timeZone?: string): string {
  const date = new Date(isoTimestamp);
  if (Number.isNaN(date.getTime())) return isoTimestamp;
  const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short", timeZone };
  try {
    return new Intl.DateTimeFormat(language, options).format(date);
  } catch {
    return `${new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" }).format(date)} UTC`;
  }
}
