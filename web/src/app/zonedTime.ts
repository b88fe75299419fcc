import { instantOfWallTime, knownTimeZone, zoneOffsetAt } from "@tessera/shared/timeZones";

/*
 * Dates of an event live in the event's time zone: the forms type wall-clock times there
 * ("2027-03-14T09:30") and the API stores UTC instants.
 */

/** A UTC instant as the wall-clock "YYYY-MM-DDTHH:mm" of the zone (the value of a datetime-local input). */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const ms = new Date(iso).getTime();
  // The instant moved by the zone's offset reads, in UTC, as the zone's wall clock.
  return new Date(ms + zoneOffsetAt(ms, knownTimeZone(timeZone))).toISOString().slice(0, 16);
}

/** A wall-clock "YYYY-MM-DDTHH:mm" (or "YYYY-MM-DD") of the zone as a UTC ISO timestamp; null when empty. */
export function fromZonedInput(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0"] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  return new Date(instantOfWallTime(wall, knownTimeZone(timeZone))).toISOString();
}

/** Every IANA zone the browser knows (the time zone selects). */
export function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "timeZone") => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** An event's start–end as read in its own zone: "14 Mar 2027, 09:30 – 18:00 (Europe/Paris)". */
export function formatEventDates(
  event: { startsAt: string | null; endsAt: string | null; isAllDay: boolean; timezone: string },
  language: string,
): string | null {
  if (!event.startsAt) return null;
  const timeZone = knownTimeZone(event.timezone);
  const dateOnly = new Intl.DateTimeFormat(language, { timeZone, dateStyle: "medium" });
  const dateTime = new Intl.DateTimeFormat(language, { timeZone, dateStyle: "medium", timeStyle: "short" });
  const format = event.isAllDay ? dateOnly : dateTime;
  const start = new Date(event.startsAt);
  const end = event.endsAt ? new Date(event.endsAt) : null;
  const range = end ? format.formatRange(start, end) : format.format(start);
  return event.isAllDay ? range : `${range} (${timeZone})`;
}
