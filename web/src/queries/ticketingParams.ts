import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { organizerContracts, ticketingParamContracts } from "@tessera/shared/contracts/ticketingBilling";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";
import { keepInList } from "./pages.ts";

type OrganizerContracts = typeof organizerContracts;
type ParamContracts = typeof ticketingParamContracts;
export type OrganizerJson = ContractOutput<OrganizerContracts["save"]>;
export type OrganizerSaveBody = ContractInput<OrganizerContracts["save"]>["body"];
export type TicketingParamsJson = ContractOutput<ParamContracts["get"]>;
export type TicketingParamsBody = ContractInput<ParamContracts["update"]>["body"];

/**
 * The cache keys of the Params tab: the account's organizers (who bill ticket sales, reached through the event)
 * and the event's ticketing parameters (ticket office, mode, terms, payment methods, the organizer that bills).
 */
export const ticketingParamKeys = {
  organizers: (accountId: string, eventId: string) => ["ticketing", accountId, eventId, "organizers"] as const,
  params: (accountId: string, eventId: string) => ["ticketing", accountId, eventId, "params"] as const,
};

export function organizersQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: ticketingParamKeys.organizers(accountId, eventId),
    queryFn: async () => (await api.organizers.list({ params: { a: accountId, e: eventId } })).data,
  });
}

export function useOrganizers(accountId: string, eventId: string) {
  return useQuery(organizersQuery(accountId, eventId));
}

export function ticketingParamsQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: ticketingParamKeys.params(accountId, eventId),
    queryFn: () => api.ticketingParams.get({ params: { a: accountId, e: eventId } }),
  });
}

export function useTicketingParams(accountId: string, eventId: string) {
  return useQuery(ticketingParamsQuery(accountId, eventId));
}

function historyIsStale(queryClient: QueryClient, accountId: string): void {
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

/** Creates an organizer of the account (no `id`) or changes the fields sent of one (422 on a bad SIRET). */
export function saveOrganizerMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: OrganizerSaveBody) => api.organizers.save({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (organizer) => {
      keepInList(queryClient, ticketingParamKeys.organizers(accountId, eventId), organizer, "last");
      historyIsStale(queryClient, accountId);
    },
  });
}

/**
 * Changes the fields sent of the event's ticketing parameters; `ticketOffice` starts or stops sales (409 with the
 * message of what starting them lacks: billing information, a ticket on sale, an online registration form, a
 * payment method). The parameters as the API answers them replace the cached ones.
 */
export function updateTicketingParamsMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: TicketingParamsBody) =>
      api.ticketingParams.update({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (params) => {
      queryClient.setQueryData(ticketingParamKeys.params(accountId, eventId), params);
      historyIsStale(queryClient, accountId);
    },
  });
}

export function useSaveOrganizer(accountId: string, eventId: string) {
  return useMutation(saveOrganizerMutation(useQueryClient(), accountId, eventId));
}

export function useUpdateTicketingParams(accountId: string, eventId: string) {
  return useMutation(updateTicketingParamsMutation(useQueryClient(), accountId, eventId));
}
