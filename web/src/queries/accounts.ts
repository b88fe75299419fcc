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
import type { accountContracts } from "@tessera/shared/contracts/accounts";
import { api } from "./api.ts";
import { replaceInPages } from "./pages.ts";
import { replaceSessionAccount } from "./session.ts";

type Contracts = typeof accountContracts;
export type AccountJson = ContractOutput<Contracts["get"]>;
export type AccountPage = ContractOutput<Contracts["list"]>;
export type AccountsQuery = NonNullable<ContractInput<Contracts["list"]>["query"]>;
export type AccountCreateBody = ContractInput<Contracts["create"]>["body"];
export type AccountUpdateBody = ContractInput<Contracts["update"]>["body"];

/** The cache keys of the platform's accounts: every list, and one account. */
export const accountKeys = {
  all: ["accounts"] as const,
  lists: () => ["accounts", "list"] as const,
  list: (query: AccountsQuery) => ["accounts", "list", query] as const,
  one: (accountId: string) => ["accounts", "one", accountId] as const,
};

export const ACCOUNTS_PER_PAGE = 25;
/** How many accounts a picker offers for what was typed. */
export const ACCOUNT_OPTIONS = 20;

/** One page of the platform's accounts (platform administrators). */
export function accountsPageQuery(query: AccountsQuery) {
  return queryOptions({
    queryKey: accountKeys.list(query),
    queryFn: () => api.accounts.list({ query }),
  });
}

export function accountQuery(accountId: string) {
  return queryOptions({
    queryKey: accountKeys.one(accountId),
    queryFn: () => api.accounts.get({ params: { a: accountId } }),
  });
}

export function useAccountsPage(query: AccountsQuery) {
  return useQuery({ ...accountsPageQuery(query), placeholderData: keepPreviousData });
}

/** The accounts whose name matches, for a picker (the options stay while the next search runs). */
export function useAccountOptions(search: string) {
  return useQuery({ ...accountsPageQuery({ search, perPage: ACCOUNT_OPTIONS }), placeholderData: keepPreviousData });
}

export function useAccount(accountId: string | null) {
  return useQuery({ ...accountQuery(accountId ?? ""), enabled: accountId !== null });
}

/** Puts the account as the API answered it wherever it shows: its page, the lists, the signed-in user's account. */
export function storeAccount(queryClient: QueryClient, account: AccountJson): void {
  queryClient.setQueryData(accountKeys.one(account.id), account);
  replaceInPages(queryClient, accountKeys.lists(), account);
  replaceSessionAccount(queryClient, account);
}

export function createAccountMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (body: AccountCreateBody) => api.accounts.create({ body }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.one(account.id), account);
      void queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
    },
  });
}

/** Changes an account: its settings (its overseers), its limits (platform administrators). */
export function updateAccountMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ accountId, body }: { accountId: string; body: AccountUpdateBody }) =>
      api.accounts.update({ params: { a: accountId }, body }),
    onSuccess: (account) => storeAccount(queryClient, account),
  });
}

export function useCreateAccount() {
  return useMutation(createAccountMutation(useQueryClient()));
}

export function useUpdateAccount() {
  return useMutation(updateAccountMutation(useQueryClient()));
}
