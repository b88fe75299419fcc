import { EVENT_LIST_SORTS, type EventListFilter, type EventListSort } from "@tessera/shared/rules/events";
import { EVENTS_PER_PAGE, type EventsListQuery } from "@/queries/events.ts";

/** Spec §2: the list's filters ("all" = every event that is not archived). */
export const FILTERS = ["all", "in_progress", "past", "archived"] as const satisfies readonly EventListFilter[];

function filterOf(value: string | null): EventListFilter {
  return (FILTERS as readonly string[]).includes(value ?? "") ? (value as EventListFilter) : "all";
}

function sortOf(value: string | null): EventListSort {
  return (EVENT_LIST_SORTS as readonly string[]).includes(value ?? "") ? (value as EventListSort) : "start_date";
}

/** The list's query as the address holds it (filter, sort, search, page). */
export function eventsQueryOf(params: URLSearchParams): EventsListQuery & { filter: EventListFilter } {
  return {
    filter: filterOf(params.get("filter")),
    sort: sortOf(params.get("sort")),
    search: params.get("search") ?? "",
    page: Math.max(1, Number(params.get("page")) || 1),
    perPage: EVENTS_PER_PAGE,
  };
}
