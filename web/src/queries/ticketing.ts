import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { ticketCategoryContracts, ticketContracts } from "@tessera/shared/contracts/ticketing";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";
import { dropFromList, keepInList } from "./pages.ts";

type CategoryContracts = typeof ticketCategoryContracts;
type TicketContracts = typeof ticketContracts;
export type TicketCategoryJson = ContractOutput<CategoryContracts["get"]>;
export type TicketCategoryCreateBody = ContractInput<CategoryContracts["create"]>["body"];
export type TicketCategoryUpdateBody = ContractInput<CategoryContracts["update"]>["body"];
export type TicketJson = ContractOutput<TicketContracts["get"]>;
export type TicketPricePeriodJson = TicketJson["pricePeriods"][number];
export type TicketCreateBody = ContractInput<TicketContracts["create"]>["body"];
export type TicketUpdateBody = ContractInput<TicketContracts["update"]>["body"];

/**
 * The cache keys of an event's ticketing catalogue: its categories (top-level ones by position, each followed by
 * its subcategories) and its tickets (by position, each with its price periods).
 */
export const ticketingKeys = {
  all: (accountId: string, eventId: string) => ["ticketing", accountId, eventId] as const,
  categories: (accountId: string, eventId: string) => ["ticketing", accountId, eventId, "categories"] as const,
  tickets: (accountId: string, eventId: string) => ["ticketing", accountId, eventId, "tickets"] as const,
};

export function ticketCategoriesQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: ticketingKeys.categories(accountId, eventId),
    queryFn: async () => (await api.ticketCategories.list({ params: { a: accountId, e: eventId } })).data,
  });
}

export function useTicketCategories(accountId: string, eventId: string) {
  return useQuery(ticketCategoriesQuery(accountId, eventId));
}

export function ticketsQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: ticketingKeys.tickets(accountId, eventId),
    queryFn: async () => (await api.tickets.list({ params: { a: accountId, e: eventId } })).data,
  });
}

export function useTickets(accountId: string, eventId: string) {
  return useQuery(ticketsQuery(accountId, eventId));
}

function historyIsStale(queryClient: QueryClient, accountId: string): void {
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

/** Creates a category (last among its siblings; the list is fetched again for its place under its parent). */
export function createTicketCategoryMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: TicketCategoryCreateBody) =>
      api.ticketCategories.create({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (category) => {
      keepInList(queryClient, ticketingKeys.categories(accountId, eventId), category, "last");
      historyIsStale(queryClient, accountId);
    },
  });
}

/** Renames a category, changes its colour or its parent. */
export function updateTicketCategoryMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: TicketCategoryUpdateBody }) =>
      api.ticketCategories.update({ params: { a: accountId, e: eventId, id }, body }),
    onSuccess: (category) => {
      keepInList(queryClient, ticketingKeys.categories(accountId, eventId), category, "last");
      historyIsStale(queryClient, accountId);
    },
  });
}

/**
 * Deletes a category with its subcategories (409 category_has_tickets while one of them holds tickets); the list
 * is fetched again, which drops the subcategories too.
 */
export function removeTicketCategoryMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (id: string) => api.ticketCategories.remove({ params: { a: accountId, e: eventId, id } }),
    onSuccess: (_answer, id) => {
      dropFromList(queryClient, ticketingKeys.categories(accountId, eventId), id);
      historyIsStale(queryClient, accountId);
    },
  });
}

/**
 * Puts the categories in a new order: every category of the event, once each. The new order is shown at once
 * (a drag does not jump back while the API answers) and put back as it was when the API refuses it.
 */
export function reorderTicketCategoriesMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  const key = ticketingKeys.categories(accountId, eventId);
  return mutationOptions({
    mutationFn: (ids: string[]) =>
      api.ticketCategories.positions({ params: { a: accountId, e: eventId }, body: { ids } }),
    onMutate: async (ids: string[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TicketCategoryJson[]>(key);
      if (before) {
        const byId = new Map(before.map((category) => [category.id, category]));
        const reordered = ids.flatMap((id) => byId.get(id) ?? []);
        if (reordered.length === before.length) queryClient.setQueryData(key, reordered);
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer.data);
      historyIsStale(queryClient, accountId);
    },
  });
}

/** Creates a ticket with its price periods (each priced before or after taxes, the other derived by the API). */
export function createTicketMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: TicketCreateBody) => api.tickets.create({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (ticket) => {
      keepInList(queryClient, ticketingKeys.tickets(accountId, eventId), ticket, "last");
      historyIsStale(queryClient, accountId);
    },
  });
}

/** Changes a ticket (`pricePeriods` replaces them all). */
export function updateTicketMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: TicketUpdateBody }) =>
      api.tickets.update({ params: { a: accountId, e: eventId, id }, body }),
    onSuccess: (ticket) => {
      keepInList(queryClient, ticketingKeys.tickets(accountId, eventId), ticket, "last");
      historyIsStale(queryClient, accountId);
    },
  });
}

/** Deletes a ticket with its price periods (409 ticket_has_orders once it was ordered). */
export function removeTicketMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (id: string) => api.tickets.remove({ params: { a: accountId, e: eventId, id } }),
    onSuccess: (_answer, id) => {
      dropFromList(queryClient, ticketingKeys.tickets(accountId, eventId), id);
      historyIsStale(queryClient, accountId);
    },
  });
}

export function useCreateTicketCategory(accountId: string, eventId: string) {
  return useMutation(createTicketCategoryMutation(useQueryClient(), accountId, eventId));
}

export function useUpdateTicketCategory(accountId: string, eventId: string) {
  return useMutation(updateTicketCategoryMutation(useQueryClient(), accountId, eventId));
}

export function useRemoveTicketCategory(accountId: string, eventId: string) {
  return useMutation(removeTicketCategoryMutation(useQueryClient(), accountId, eventId));
}

export function useReorderTicketCategories(accountId: string, eventId: string) {
  return useMutation(reorderTicketCategoriesMutation(useQueryClient(), accountId, eventId));
}

export function useCreateTicket(accountId: string, eventId: string) {
  return useMutation(createTicketMutation(useQueryClient(), accountId, eventId));
}

export function useUpdateTicket(accountId: string, eventId: string) {
  return useMutation(updateTicketMutation(useQueryClient(), accountId, eventId));
}

export function useRemoveTicket(accountId: string, eventId: string) {
  return useMutation(removeTicketMutation(useQueryClient(), accountId, eventId));
}
