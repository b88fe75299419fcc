/*
 * Dates of an event live in the event's time zone: the forms type wall-clock times there
 * ("2027-03-14T09:30") and the API stores UTC instants.
 */

function partsIn(date: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(date);
  const values: Record<string, number> = {};
  for (const part of parts) if (part.type !== "literal") values[part.type] = Number(part.value);
  return values;
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A UTC instant as the wall-clock "YYYY-MM-DDTHH:mm" of the zone (the value of a datetime-local input). */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const p = partsIn(new Date(iso), safeZone(timeZone));
  return `${p.year}-${pad(p.month!)}-${pad(p.day!)}T${pad(p.hour!)}:${pad(p.minute!)}`;
}

/** A wall-clock "YYYY-MM-DDTHH:mm" (or "YYYY-MM-DD") of the zone as a UTC ISO timestamp; null when empty. */
export function fromZonedInput(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0"] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  const zone = safeZone(timeZone);
  // Two passes settle the offset across a daylight-saving change.
  let instant = wall - offsetAt(new Date(wall), zone);
  instant = wall - offsetAt(new Date(instant), zone);
  return new Date(instant).toISOString();
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

function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** An event's start–end as read in its own zone: "14 Mar 2027, 09:30 – 18:00 (Europe/Paris)". */
export function formatEventDates(
  event: { startsAt: string | null; endsAt: string | null; isAllDay: boolean; timezone: string },
  language: string,
): string | null {
  if (!event.startsAt) return null;
  const timeZone = safeZone(event.timezone);
  const dateOnly = new Intl.DateTimeFormat(language, { timeZone, dateStyle: "medium" });
  const dateTime = new Intl.DateTimeFormat(language, { timeZone, dateStyle: "medium", timeStyle: "short" });
  const format = event.isAllDay ? dateOnly : dateTime;
  const start = new Date(event.startsAt);
  const end = event.endsAt ? new Date(event.endsAt) : null;
  const range = end ? format.formatRange(start, end) : format.format(start);
  return event.isAllDay ? range : `${range} (${timeZone})`;
}
