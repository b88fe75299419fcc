import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { administratorContracts } from "@tessera/shared/contracts/administrators";
import { accountUserKeys } from "./accountUsers.ts";
import { api } from "./api.ts";
import { dropFromPages, replaceInPages } from "./pages.ts";
import { replaceSessionUser } from "./session.ts";

type Contracts = typeof administratorContracts;
export type AdministratorJson = ContractOutput<Contracts["update"]>;
export type AdministratorPage = ContractOutput<Contracts["list"]>;
export type AdministratorsQuery = NonNullable<ContractInput<Contracts["list"]>["query"]>;
export type AdministratorCreateBody = ContractInput<Contracts["create"]>["body"];
export type AdministratorUpdateBody = ContractInput<Contracts["update"]>["body"];

/** The cache keys of every user of the platform (platform administrators). */
export const administratorKeys = {
  all: ["administrators"] as const,
  lists: () => ["administrators", "list"] as const,
  list: (query: AdministratorsQuery) => ["administrators", "list", query] as const,
  accounts: (userId: string) => ["administrators", "accounts", userId] as const,
};

export const ADMINISTRATORS_PER_PAGE = 25;

/** One page of the platform's users; `search` matches names and email, `role` and `accountId` filter. */
export function administratorsPageQuery(query: AdministratorsQuery) {
  return queryOptions({
    queryKey: administratorKeys.list(query),
    queryFn: () => api.administrators.list({ query }),
  });
}

export function useAdministratorsPage(query: AdministratorsQuery) {
  return useQuery({ ...administratorsPageQuery(query), placeholderData: keepPreviousData });
}

/** The accounts a user can work in (GET /administrators/{id}/accounts). */
export function administratorAccountsQuery(userId: string) {
  return queryOptions({
    queryKey: administratorKeys.accounts(userId),
    queryFn: async () => (await api.administrators.accounts({ params: { id: userId } })).data,
  });
}

export function useAdministratorAccounts(userId: string) {
  return useQuery(administratorAccountsQuery(userId));
}

/** The users of the platform are also the users of its accounts: their lists are read again too. */
function invalidateUserLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: administratorKeys.all });
  void queryClient.invalidateQueries({ queryKey: accountUserKeys.all });
}

/** Creates a user (a platform administrator, or a user of an account) and emails the invitation. */
export function createAdministratorMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (body: AdministratorCreateBody) => api.administrators.create({ body }),
    onSuccess: () => invalidateUserLists(queryClient),
  });
}

export function updateAdministratorMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ userId, body }: { userId: string; body: AdministratorUpdateBody }) =>
      api.administrators.update({ params: { id: userId }, body }),
    onSuccess: (user) => {
      replaceInPages(queryClient, administratorKeys.lists(), user);
      replaceSessionUser(queryClient, user);
      invalidateUserLists(queryClient);
    },
  });
}

export function removeAdministratorMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (userId: string) => api.administrators.remove({ params: { id: userId } }),
    onSuccess: (_answer, userId) => {
      dropFromPages(queryClient, administratorKeys.lists(), userId);
      invalidateUserLists(queryClient);
    },
  });
}

export function useCreateAdministrator() {
  return useMutation(createAdministratorMutation(useQueryClient()));
}

export function useUpdateAdministrator() {
  return useMutation(updateAdministratorMutation(useQueryClient()));
}

export function useRemoveAdministrator() {
  return useMutation(removeAdministratorMutation(useQueryClient()));
}
