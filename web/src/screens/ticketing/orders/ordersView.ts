import { ORDER_STATUSES, type OrderStatus } from "@tessera/shared/rules/orders";
import { ORDERS_PER_PAGE, type OrdersExportQuery, type OrdersListQuery } from "@/queries/ticketingOrders.ts";
import { dayBoundary, dayOf } from "../../guests/list/listQuery.ts";

/*
 * The Order history's view as the address keeps it (spec §2 "orders filtered by status"): one status tab, a
 * search, a date range (days of the user's calendar, each end an instant in the address) and a page.
 */

/** The status tabs: every order, then each status of spec §4. */
export const STATUS_TABS = ["all", ...ORDER_STATUSES] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

export interface OrdersView {
  status: StatusTab;
  search: string;
  /** Instants (UTC ISO) of the range's ends, as the address holds them. */
  from: string | null;
  to: string | null;
  page: number;
}

const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? "");

const instantOf = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? value : null);

/** The view the address asks for; what it cannot read is left out (an unknown status: every order). */
export function ordersViewOf(params: URLSearchParams): OrdersView {
  const status = params.get("status");
  return {
    status: isStatus(status) ? status : "all",
    search: params.get("search")?.trim() ?? "",
    from: instantOf(params.get("from")),
    to: instantOf(params.get("to")),
    page: Math.max(1, Math.floor(Number(params.get("page"))) || 1),
  };
}

/** The filter of the view without its page (what the export and the counts read). */
function filterOf(view: OrdersView): Omit<OrdersListQuery, "page" | "perPage"> {
  return {
    ...(view.status !== "all" ? { status: view.status } : {}),
    ...(view.search ? { search: view.search } : {}),
    ...(view.from ? { from: view.from } : {}),
    ...(view.to ? { to: view.to } : {}),
  };
}

/** What the list is asked for this view. */
export function ordersListQuery(view: OrdersView): OrdersListQuery {
  return { ...filterOf(view), page: view.page, perPage: ORDERS_PER_PAGE };
}

/** What the export is asked for: the same filter, every page. */
export function ordersExportQuery(view: OrdersView, format: "csv" | "xlsx"): OrdersExportQuery {
  return { format, ...filterOf(view) };
}

/** The count a status tab shows: the filter's orders of that status (`counts`), all of them for "all". */
export function countOf(counts: Readonly<Record<string, number>> | undefined, tab: StatusTab): number | undefined {
  if (!counts) return undefined;
  if (tab === "all") return ORDER_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  return counts[tab] ?? 0;
}

/** The address's change when a day of the range is picked (or cleared): the first or last instant of that day. */
export function dayPatch(end: "from" | "to", day: string): Record<string, string | null> {
  return { [end]: day ? dayBoundary(day, end) : null, page: null };
}

/** The day a date input shows for an end of the range. */
export const rangeDay = (instant: string | null): string => dayOf(instant ?? undefined);

/** Some filter narrows the list (the empty list then says nothing matches, not that there is no order). */
export const isFiltered = (view: OrdersView): boolean =>
  view.status !== "all" || Boolean(view.search || view.from || view.to);
