import {
  queryOptions,
  useIsFetching,
  useMutation,
  useQueries,
  useQuery,
  mutationOptions,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { guestContracts } from "@tessera/shared/contracts/guests";
import type { guestFileContracts } from "@tessera/shared/contracts/guestFiles";
import type { guestViewContracts } from "@tessera/shared/contracts/guestViews";
import { api } from "./api.ts";

type Contracts = typeof guestContracts;
export type GuestJson = ContractOutput<Contracts["get"]>;
export type GuestPage = ContractOutput<Contracts["list"]>;
type ListInput = NonNullable<ContractInput<Contracts["list"]>["query"]>;
/** A view of the guest list: its filters, search and sort (the paging is the list's own). */
export type GuestsQuery = Omit<ListInput, "page" | "perPage" | "count">;
/** A view's filters and search, as its total is asked. */
type GuestCountParams = NonNullable<ContractInput<Contracts["count"]>["query"]>;
export type GuestCreateBody = ContractInput<Contracts["create"]>["body"];
export type GuestUpdateBody = ContractInput<Contracts["update"]>["body"];
/** The guests a bulk action acts on: listed ids, or all those matching a list view (its order left out). */
export type GuestSelectionBody = { ids: string[] } | { query: Omit<GuestsQuery, "sort" | "order"> };
export type DeleteGuestsResultJson = ContractOutput<Contracts["removeMany"]>;
export type GuestTicketJson = ContractOutput<Contracts["tickets"]>["data"][number];
export type OrderJson = ContractOutput<Contracts["orders"]>["data"][number];
export type GuestViewJson = ContractOutput<(typeof guestViewContracts)["saveView"]>;
export type GuestViewCreateBody = ContractInput<(typeof guestViewContracts)["saveView"]>["body"];
type UploadFile = ContractInput<(typeof guestFileContracts)["uploadFile"]>["form"]["file"];

/** The cache keys of one event's guests: every list (pages, companions), one guest and what hangs on it, views. */
export const guestKeys = {
  all: (accountId: string, eventId: string) => ["guests", accountId, eventId] as const,
  lists: (accountId: string, eventId: string) => ["guests", accountId, eventId, "list"] as const,
  list: (accountId: string, eventId: string, query: GuestsQuery) =>
    ["guests", accountId, eventId, "list", query] as const,
  page: (accountId: string, eventId: string, query: GuestsQuery, page: number) =>
    ["guests", accountId, eventId, "list", query, page] as const,
  count: (accountId: string, eventId: string, query: GuestCountParams) =>
    ["guests", accountId, eventId, "list", "count", query] as const,
  companions: (accountId: string, eventId: string, guestId: string) =>
    ["guests", accountId, eventId, "list", "companions", guestId] as const,
  one: (accountId: string, eventId: string, guestId: string) => ["guests", accountId, eventId, "one", guestId] as const,
  tickets: (accountId: string, eventId: string, guestId: string) =>
    ["guests", accountId, eventId, "one", guestId, "tickets"] as const,
  orders: (accountId: string, eventId: string, guestId: string) =>
    ["guests", accountId, eventId, "one", guestId, "orders"] as const,
  views: (accountId: string, eventId: string) => ["guests", accountId, eventId, "views"] as const,
};

/** Rows fetched per call; the list asks for the pages the screen shows, never the whole list. */
export const GUEST_PAGE_SIZE = 100;
/** Pages fetched at once while scrolling (more would only queue behind each other). */
export const MAX_PARALLEL_PAGES = 2;
/** How many companions a guest's page lists (a guest has a handful; the event's maximum is usually small). */
export const COMPANIONS_SHOWN = 200;

/**
 * One page (1-based) of a view of the guest list, never counted: the view's total is asked once, apart
 * (`guestCountQuery`), so that scrolling through pages does not count again (on a big event the count costs
 * more than the page).
 */
export function guestPageQuery(accountId: string, eventId: string, query: GuestsQuery, page: number) {
  return queryOptions({
    queryKey: guestKeys.page(accountId, eventId, query, page),
    queryFn: () =>
      api.guests.list({
        params: { a: accountId, e: eventId },
        query: { ...query, page, perPage: GUEST_PAGE_SIZE, count: false },
      }),
  });
}

/** What a view's total depends on: its query without the order (sorting a view does not count it again). */
export function countedQuery(query: GuestsQuery): GuestCountParams {
  const { sort, order, ...counted } = query;
  void sort;
  void order;
  return counted;
}

/** How many guests a view of the list matches: asked once per view and filters, kept with its pages. */
export function guestCountQuery(accountId: string, eventId: string, query: GuestsQuery) {
  const counted = countedQuery(query);
  return queryOptions({
    queryKey: guestKeys.count(accountId, eventId, counted),
    queryFn: async () => (await api.guests.count({ params: { a: accountId, e: eventId }, query: counted })).total,
  });
}

/** The pages (1-based) holding rows `first` to `last` (0-based) of a list of `total` rows. */
export function pagesOfRows(first: number, last: number, total: number): number[] {
  if (total <= 0) return [];
  const from = Math.floor(Math.max(0, first) / GUEST_PAGE_SIZE) + 1;
  const to = Math.floor(Math.min(total - 1, Math.max(0, last)) / GUEST_PAGE_SIZE) + 1;
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}

type PageState = "loaded" | "fetching" | "missing";

/**
 * Which of the pages on screen are asked for now: those loaded (kept fresh) or on their way, and of the
 * missing ones only as many as leave at most MAX_PARALLEL_PAGES calls running. The screen asks again when
 * a call ends, with the pages on screen THEN: a fast scroll does not fetch the pages it passed.
 */
export function pagesToFetch(wanted: readonly number[], stateOf: (page: number) => PageState, inFlight: number) {
  let room = MAX_PARALLEL_PAGES - inFlight;
  return wanted.filter((page) => {
    if (stateOf(page) !== "missing") return true;
    if (room <= 0) return false;
    room--;
    return true;
  });
}

/** The pages (besides the first, always asked) of rows `first` to `last` of a view to ask for now. */
export function pagesToAsk(
  queryClient: QueryClient,
  accountId: string,
  eventId: string,
  query: GuestsQuery,
  rows: { first: number; last: number },
): number[] {
  const total = queryClient.getQueryData<number>(guestKeys.count(accountId, eventId, countedQuery(query)));
  const wanted = pagesOfRows(rows.first, rows.last, total ?? 0).filter((page) => page !== 1);
  const stateOf = (page: number): PageState => {
    const state = queryClient.getQueryState(guestKeys.page(accountId, eventId, query, page));
    if (state?.data !== undefined) return "loaded";
    return state?.fetchStatus === "fetching" ? "fetching" : "missing";
  };
  return pagesToFetch(wanted, stateOf, queryClient.isFetching({ queryKey: guestKeys.list(accountId, eventId, query) }));
}

export interface GuestListWindow {
  /** How many guests the view matches (0 until its count arrived). */
  total: number;
  hasLoaded: boolean;
  /** A page of the view is being fetched (first load, scroll or refresh). */
  isFetching: boolean;
  loadError: Error | null;
  /** The guest at a row of the view, when its page is loaded. */
  guestAt(index: number): GuestJson | undefined;
  /** The rows loaded for the part on screen ("select all" selects these, not 100,000 unseen ones). */
  loadedGuests: GuestJson[];
}

/**
 * A view of the guest list as a window on the server's list: its total, its first page, and the pages
 * of the rows on screen (`first` to `last`), each a query of its own. Each answer belongs to its view's
 * key, so an answer to an older view never shows in a newer one.
 */
export function useGuestListWindow(
  accountId: string,
  eventId: string,
  query: GuestsQuery,
  rows: { first: number; last: number },
): GuestListWindow {
  const queryClient = useQueryClient();
  const head = useQuery(guestPageQuery(accountId, eventId, query, 1));
  const total = useQuery(guestCountQuery(accountId, eventId, query));
  // Asked again whenever a call of this view starts or ends.
  const inFlight = useIsFetching({ queryKey: guestKeys.list(accountId, eventId, query) });
  const asked = pagesToAsk(queryClient, accountId, eventId, query, rows);
  const pages = useQueries({ queries: asked.map((page) => guestPageQuery(accountId, eventId, query, page)) });

  const byPage = new Map<number, GuestJson[]>();
  if (head.data) byPage.set(1, head.data.data);
  asked.forEach((page, index) => {
    const data = pages[index]?.data;
    if (data) byPage.set(page, data.data);
  });
  return {
    total: total.data ?? 0,
    hasLoaded: head.data !== undefined && total.data !== undefined,
    isFetching: inFlight > 0 || total.isFetching,
    loadError: head.error ?? total.error ?? pages.find((page) => page.error)?.error ?? null,
    guestAt: (index) => byPage.get(Math.floor(index / GUEST_PAGE_SIZE) + 1)?.[index % GUEST_PAGE_SIZE],
    loadedGuests: [...byPage.values()].flat(),
  };
}

/** One guest. */
export function guestQuery(accountId: string, eventId: string, guestId: string) {
  return queryOptions({
    queryKey: guestKeys.one(accountId, eventId, guestId),
    queryFn: () => api.guests.get({ params: { a: accountId, e: eventId, id: guestId } }),
  });
}

export function useGuest(accountId: string, eventId: string, guestId: string) {
  return useQuery(guestQuery(accountId, eventId, guestId));
}

/** The companions of a guest (the guests whose godfather they are), first registered first. */
export function companionsQuery(accountId: string, eventId: string, guestId: string) {
  return queryOptions({
    queryKey: guestKeys.companions(accountId, eventId, guestId),
    queryFn: async () =>
      (
        await api.guests.list({
          params: { a: accountId, e: eventId },
          query: { godfatherId: guestId, sort: "createdAt", page: 1, perPage: COMPANIONS_SHOWN, count: false },
        })
      ).data,
  });
}

export function useCompanions(accountId: string, eventId: string, guestId: string) {
  return useQuery(companionsQuery(accountId, eventId, guestId));
}

/** Guests whose name, email or company matches (the godfather picker): not cached, each search is new. */
export async function searchGuests(accountId: string, eventId: string, search: string): Promise<GuestJson[]> {
  const page = await api.guests.list({
    params: { a: accountId, e: eventId },
    query: { search, page: 1, perPage: 20, count: false },
  });
  return page.data;
}

/** The tickets a guest holds and the orders they placed (read-only, read together). */
export function guestOrdersQuery(accountId: string, eventId: string, guestId: string) {
  const params = { a: accountId, e: eventId, id: guestId };
  return queryOptions({
    queryKey: guestKeys.orders(accountId, eventId, guestId),
    queryFn: async () => {
      const [tickets, orders] = await Promise.all([api.guests.tickets({ params }), api.guests.orders({ params })]);
      return { tickets: tickets.data, orders: orders.data };
    },
  });
}

export function useGuestOrders(accountId: string, eventId: string, guestId: string) {
  return useQuery(guestOrdersQuery(accountId, eventId, guestId));
}

/**
 * Puts a guest as the API answered it in the cache, and marks the lists as stale (the guest may have
 * moved in or out of a view); a companion added or moved changes its godfather's count too.
 */
export function storeGuest(queryClient: QueryClient, accountId: string, eventId: string, guest: GuestJson): void {
  queryClient.setQueryData(guestKeys.one(accountId, eventId, guest.id), guest);
  void queryClient.invalidateQueries({ queryKey: guestKeys.lists(accountId, eventId) });
  if (guest.godfather) {
    void queryClient.invalidateQueries({
      queryKey: guestKeys.one(accountId, eventId, guest.godfather.id),
      exact: true,
    });
  }
}

export function createGuestMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: GuestCreateBody) => api.guests.create({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (guest, _variables, _result, { client: queryClient }) =>
      storeGuest(queryClient, accountId, eventId, guest),
  });
}

export function useCreateGuest(accountId: string, eventId: string) {
  return useMutation(createGuestMutation(accountId, eventId));
}

export function updateGuestMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ guestId, body }: { guestId: string; body: GuestUpdateBody }) =>
      api.guests.update({ params: { a: accountId, e: eventId, id: guestId }, body }),
    onSuccess: (guest, _variables, _result, { client: queryClient }) =>
      storeGuest(queryClient, accountId, eventId, guest),
  });
}

export function useUpdateGuest(accountId: string, eventId: string) {
  return useMutation(updateGuestMutation(accountId, eventId));
}

/** Lifts a guest's unsubscription (spec §4): the event's next campaigns target them again. */
export function useUnlockGuestEmail(accountId: string, eventId: string) {
  return useMutation(
    mutationOptions({
      mutationFn: (guestId: string) => api.guests.unlockEmail({ params: { a: accountId, e: eventId, id: guestId } }),
      onSuccess: (guest, _guestId, _result, { client: queryClient }) =>
        storeGuest(queryClient, accountId, eventId, guest),
    }),
  );
}

export function deleteGuestMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (guestId: string) => api.guests.remove({ params: { a: accountId, e: eventId, id: guestId } }),
    onSuccess: (_answer, guestId, _result, { client: queryClient }) => {
      queryClient.removeQueries({ queryKey: guestKeys.one(accountId, eventId, guestId) });
      void queryClient.invalidateQueries({ queryKey: guestKeys.lists(accountId, eventId) });
    },
  });
}

export function useDeleteGuest(accountId: string, eventId: string) {
  return useMutation(deleteGuestMutation(accountId, eventId));
}

/** After a change to many guests: every list and every guest of the event is fetched again when shown. */
function invalidateAllGuests(queryClient: QueryClient, accountId: string, eventId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: guestKeys.all(accountId, eventId) });
}

/** The same answers on the selected guests (null removes one). */
export function setGuestsAnswersMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ selection, answers }: { selection: GuestSelectionBody; answers: Record<string, unknown> }) =>
      api.guests.setAnswers({ params: { a: accountId, e: eventId }, body: { ...selection, answers } }),
    onSuccess: (_answer, _variables, _result, { client: queryClient }) =>
      invalidateAllGuests(queryClient, accountId, eventId),
  });
}

export function useSetGuestsAnswers(accountId: string, eventId: string) {
  return useMutation(setGuestsAnswersMutation(accountId, eventId));
}

/** Deletes the selected guests that may go; the answer lists the others with the reason. */
export function deleteGuestsMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (selection: GuestSelectionBody) =>
      api.guests.removeMany({ params: { a: accountId, e: eventId }, body: selection }),
    onSuccess: (_answer, _variables, _result, { client: queryClient }) =>
      invalidateAllGuests(queryClient, accountId, eventId),
  });
}

export function useDeleteGuests(accountId: string, eventId: string) {
  return useMutation(deleteGuestsMutation(accountId, eventId));
}

/** Uploads a guest's answer to a `file` custom field; the answer becomes {fileId, name, size}. */
export function uploadGuestFileMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ guestId, customFieldId, file }: { guestId: string; customFieldId: string; file: UploadFile }) =>
      api.guests.uploadFile({ params: { a: accountId, e: eventId, id: guestId }, form: { file, customFieldId } }),
    onSuccess: (guest, _variables, _result, { client: queryClient }) =>
      storeGuest(queryClient, accountId, eventId, guest),
  });
}

export function useUploadGuestFile(accountId: string, eventId: string) {
  return useMutation(uploadGuestFileMutation(accountId, eventId));
}

/** Where the browser downloads a guest's answer file (a link, not a fetch). */
export function guestFileUrl(accountId: string, eventId: string, guestId: string, fileId: string): string {
  return api.guests.file.url({ params: { a: accountId, e: eventId, id: guestId, fileId } });
}

/** The caller's saved views of the list and the shared ones. */
export function guestViewsQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: guestKeys.views(accountId, eventId),
    queryFn: async () => (await api.guests.views({ params: { a: accountId, e: eventId } })).data,
  });
}

export function useGuestViews(accountId: string, eventId: string) {
  return useQuery(guestViewsQuery(accountId, eventId));
}

export function saveGuestViewMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: GuestViewCreateBody) => api.guests.saveView({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (view, _variables, _result, { client: queryClient }) =>
      queryClient.setQueryData(guestKeys.views(accountId, eventId), (views: GuestViewJson[] | undefined) => [
        ...(views ?? []),
        view,
      ]),
  });
}

export function useSaveGuestView(accountId: string, eventId: string) {
  return useMutation(saveGuestViewMutation(accountId, eventId));
}

export function deleteGuestViewMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (viewId: string) => api.guests.removeView({ params: { a: accountId, e: eventId, id: viewId } }),
    onSuccess: (_answer, viewId, _result, { client: queryClient }) =>
      queryClient.setQueryData(guestKeys.views(accountId, eventId), (views: GuestViewJson[] | undefined) =>
        views?.filter((view) => view.id !== viewId),
      ),
  });
}

export function useDeleteGuestView(accountId: string, eventId: string) {
  return useMutation(deleteGuestViewMutation(accountId, eventId));
}
