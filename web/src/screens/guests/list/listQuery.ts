import type { GuestsQuery } from "@/queries/guests.ts";

/** The parts of the address that make a view of the guest list (all shareable). */
export const VIEW_PARAMS = [
  "view",
  "search",
  "status",
  "mailStatus",
  "createdSource",
  "filters",
  "createdFrom",
  "createdTo",
  "registeredFrom",
  "registeredTo",
  "sort",
  "order",
] as const;
type ViewParam = (typeof VIEW_PARAMS)[number];

export interface CustomFieldFilter {
  field: string;
  op: "eq" | "in" | "contains";
  value: string | string[];
}

/** The list query of the address (what the API is asked). */
export function queryFromParams(params: URLSearchParams): GuestsQuery {
  const query: Record<string, string> = {};
  for (const key of VIEW_PARAMS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  if (query.order && query.order !== "asc" && query.order !== "desc") delete query.order;
  return query as GuestsQuery;
}

/** A saved view's query as address parameters (only the known ones). */
export function paramsFromQuery(query: Record<string, unknown>): Record<ViewParam, string | null> {
  const patch = Object.fromEntries(VIEW_PARAMS.map((key) => [key, null])) as Record<ViewParam, string | null>;
  for (const key of VIEW_PARAMS) {
    const value = query[key];
    if (typeof value === "string" && value) patch[key] = value;
  }
  return patch;
}

/** What a saved view keeps: the filters, search and sort of the current address (not a preset). */
export function savableQuery(query: GuestsQuery): Record<string, unknown> {
  const { view, ...rest } = query;
  void view;
  return rest;
}

export function listOf(value: string | undefined): string[] {
  return value ? value.split(",").filter(Boolean) : [];
}

export function customFilters(query: GuestsQuery): CustomFieldFilter[] {
  if (!query.filters) return [];
  try {
    const parsed: unknown = JSON.parse(query.filters);
    return Array.isArray(parsed) ? (parsed as CustomFieldFilter[]) : [];
  } catch {
    return [];
  }
}

export function sameQuery(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? "") === (b[key] ?? ""));
}

/** The date ranges of the list (created, registered): each end a timestamp in the address and the API query. */
export const DATE_RANGES = [
  { key: "created", from: "createdFrom", to: "createdTo" },
  { key: "registered", from: "registeredFrom", to: "registeredTo" },
] as const;
export type DateRangeParam = (typeof DATE_RANGES)[number]["from" | "to"];

const pad = (value: number) => String(value).padStart(2, "0");

/** A day picked in a date input (YYYY-MM-DD, the user's time zone) as the first or last instant of that day. */
export function dayBoundary(day: string, end: "from" | "to"): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date =
    end === "from"
      ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 0, 0, 0, 0)
      : new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A timestamp of the address as the day a date input shows (YYYY-MM-DD, the user's time zone). */
export function dayOf(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
