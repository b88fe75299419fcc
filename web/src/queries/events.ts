import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { eventContracts } from "@tessera/shared/contracts/events";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";

type Contracts = typeof eventContracts;
export type EventJson = ContractOutput<Contracts["get"]>;
export type EventStatus = EventJson["status"];
/** Who may work on the event besides the overseers (GET …/events/{id}?expand=access). */
export type EventAccess = NonNullable<EventJson["access"]>;
/** An image the event shows (logo, banner, favicon). */
export type ImageRef = NonNullable<EventJson["logo"]>;
export type EventPage = ContractOutput<Contracts["list"]>;
export type EventsListQuery = NonNullable<ContractInput<Contracts["list"]>["query"]>;
export type EventCreateBody = ContractInput<Contracts["create"]>["body"];
export type EventUpdateBody = ContractInput<Contracts["update"]>["body"];
export type EventDuplicateBody = ContractInput<Contracts["duplicate"]>["body"];

/** The cache keys of the events area: every list of an account, and one event. */
export const eventKeys = {
  all: (accountId: string) => ["events", accountId] as const,
  lists: (accountId: string) => ["events", accountId, "list"] as const,
  list: (accountId: string, query: EventsListQuery) => ["events", accountId, "list", query] as const,
  one: (accountId: string, eventId: string) => ["events", accountId, "one", eventId] as const,
};

export const EVENTS_PER_PAGE = 25;

/** One page of the account's events, as the list's address asks for it. */
export function eventsPageQuery(accountId: string, query: EventsListQuery) {
  return queryOptions({
    queryKey: eventKeys.list(accountId, query),
    queryFn: () => api.events.list({ params: { a: accountId }, query }),
  });
}

/** One event with its access lists (the event area reads it once; every tab shares it). */
export function eventQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: eventKeys.one(accountId, eventId),
    queryFn: () => api.events.get({ params: { a: accountId, id: eventId }, query: { expand: "access" } }),
  });
}

export function useEventsPage(accountId: string, query: EventsListQuery) {
  // The page shown stays while the next one loads (no flash of an empty list between pages or searches).
  return useQuery({ ...eventsPageQuery(accountId, query), placeholderData: keepPreviousData });
}

export function useEvent(accountId: string, eventId: string) {
  return useQuery(eventQuery(accountId, eventId));
}

/**
 * Puts the event as the API answered it in the cache of the event area (keeping its access lists when
 * the answer has none), and marks the account's lists and its history (audit log) as stale.
 */
export function storeEvent(queryClient: QueryClient, accountId: string, event: EventJson): void {
  queryClient.setQueryData(eventKeys.one(accountId, event.id), (current: EventJson | undefined) => {
    const access = event.access ?? current?.access;
    return access ? { ...event, access } : event;
  });
  void queryClient.invalidateQueries({ queryKey: eventKeys.lists(accountId) });
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

export function useCreateEvent(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventCreateBody) => api.events.create({ params: { a: accountId }, body }),
    onSuccess: (event) => storeEvent(queryClient, accountId, event),
  });
}

export function useDuplicateEvent(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, body }: { eventId: string; body: EventDuplicateBody }) =>
      api.events.duplicate({ params: { a: accountId, id: eventId }, body }),
    onSuccess: (event) => storeEvent(queryClient, accountId, event),
  });
}

export function useUpdateEvent(accountId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventUpdateBody) => api.events.update({ params: { a: accountId, id: eventId }, body }),
    onSuccess: (event) => storeEvent(queryClient, accountId, event),
  });
}

/** Archives or brings back an event; it leaves the list it was in (archived events have their own filter). */
export function useSetEventArchived(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, archived }: { eventId: string; archived: boolean }) =>
      (archived ? api.events.archive : api.events.unarchive)({ params: { a: accountId, id: eventId } }),
    onSuccess: (event) => storeEvent(queryClient, accountId, event),
  });
}

export function useDeleteEvent(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.events.remove({ params: { a: accountId, id: eventId } }),
    onSuccess: (_answer, eventId) => {
      queryClient.removeQueries({ queryKey: eventKeys.one(accountId, eventId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists(accountId) });
    },
  });
}

export type AccessChange = { kind: "user"; id: string; grant: boolean } | { kind: "team"; id: string; grant: boolean };

/** Puts a user or a team on the event's access lists, or takes them off. */
export function useChangeEventAccess(accountId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AccessChange) => {
      const { events } = api;
      if (change.kind === "user") {
        const params = { a: accountId, id: eventId, userId: change.id };
        return change.grant ? events.addUser({ params }) : events.removeUser({ params });
      }
      const params = { a: accountId, id: eventId, teamId: change.id };
      return change.grant ? events.addTeam({ params }) : events.removeTeam({ params });
    },
    onSuccess: (event) => storeEvent(queryClient, accountId, event),
  });
}
