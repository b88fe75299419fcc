import type { QueryClient, QueryKey } from "@tanstack/react-query";

/** A page of a list as the API answers it. */
export interface ListPage<T> {
  data: T[];
  pagination: { page: number; perPage: number; total: number };
}

/** The page count of a list's pagination (at least 1). */
export function pageCountOf(pagination: ListPage<unknown>["pagination"]): number {
  return Math.max(1, Math.ceil(pagination.total / pagination.perPage));
}

/**
 * Puts an item as the API answered it in every cached page of these lists that shows it (the row changes
 * at once), and marks the lists as stale so that the ones on screen are fetched again.
 */
export function replaceInPages<T extends { id: string }>(queryClient: QueryClient, lists: QueryKey, item: T): void {
  queryClient.setQueriesData<ListPage<T>>({ queryKey: lists }, (page) =>
    page?.data.some((existing) => existing.id === item.id)
      ? { ...page, data: page.data.map((existing) => (existing.id === item.id ? { ...existing, ...item } : existing)) }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: lists });
}

/** Takes a deleted item out of every cached page of these lists (and out of their totals), then marks them stale. */
export function dropFromPages(queryClient: QueryClient, lists: QueryKey, id: string): void {
  queryClient.setQueriesData<ListPage<{ id: string }>>({ queryKey: lists }, (page) =>
    page?.data.some((existing) => existing.id === id)
      ? {
          data: page.data.filter((existing) => existing.id !== id),
          pagination: { ...page.pagination, total: Math.max(0, page.pagination.total - 1) },
        }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: lists });
}

/**
 * Puts an item as the API answered it in a cached list of a single page (a new one first, or last in a list kept
 * oldest first), and marks the list as stale so that it is fetched again where it is shown.
 */
export function keepInList<T extends { id: string }>(
  queryClient: QueryClient,
  list: QueryKey,
  item: T,
  newItemAt: "first" | "last" = "first",
): void {
  queryClient.setQueryData<T[]>(list, (items) =>
    items?.some((existing) => existing.id === item.id)
      ? items.map((existing) => (existing.id === item.id ? item : existing))
      : items && (newItemAt === "first" ? [item, ...items] : [...items, item]),
  );
  void queryClient.invalidateQueries({ queryKey: list });
}

/** Takes a deleted item out of a cached list of a single page, then marks the list as stale. */
export function dropFromList(queryClient: QueryClient, list: QueryKey, id: string): void {
  queryClient.setQueryData<{ id: string }[]>(list, (items) => items?.filter((existing) => existing.id !== id));
  void queryClient.invalidateQueries({ queryKey: list });
}
