import type { EventJson } from "@/queries/events.ts";
import { fromZonedInput, toZonedInput } from "@/app/zonedTime.ts";
import type { EventDatesValues } from "./EventDatesFields.tsx";

/** The event's dates as the form shows them, in its time zone. */
export function datesValuesOf(
  event: Pick<EventJson, "startsAt" | "endsAt" | "isAllDay" | "timezone">,
): EventDatesValues {
  const shape = (iso: string | null) => {
    const local = toZonedInput(iso, event.timezone);
    return event.isAllDay ? local.slice(0, 10) : local;
  };
  return {
    startsAt: shape(event.startsAt),
    endsAt: shape(event.endsAt),
    isAllDay: event.isAllDay,
    timezone: event.timezone,
  };
}

/** The dates to send: all-day events run from the first day's midnight to the last day's 23:59. */
export function datesBodyOf(values: EventDatesValues) {
  const end = values.isAllDay && values.endsAt ? `${values.endsAt}T23:59` : values.endsAt;
  return {
    startsAt: fromZonedInput(values.startsAt, values.timezone),
    endsAt: fromZonedInput(end, values.timezone),
    isAllDay: values.isAllDay,
    timezone: values.timezone,
  };
}
