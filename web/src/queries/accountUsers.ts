import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { accountUserContracts } from "@tessera/shared/contracts/accountUsers";
import { api } from "./api.ts";
import { dropFromPages, replaceInPages } from "./pages.ts";
import { replaceSessionUser } from "./session.ts";

type Contracts = typeof accountUserContracts;
export type AccountUserJson = ContractOutput<Contracts["get"]>;
export type AccountUserPage = ContractOutput<Contracts["list"]>;
export type AccountUsersQuery = NonNullable<ContractInput<Contracts["list"]>["query"]>;
export type AccountUserCreateBody = ContractInput<Contracts["create"]>["body"];
export type AccountUserUpdateBody = ContractInput<Contracts["update"]>["body"];

/** The cache keys of the users of an account (every account's: platform administrators browse several). */
export const accountUserKeys = {
  all: ["accountUsers"] as const,
  ofAccount: (accountId: string) => ["accountUsers", accountId] as const,
  lists: (accountId: string) => ["accountUsers", accountId, "list"] as const,
  list: (accountId: string, query: AccountUsersQuery) => ["accountUsers", accountId, "list", query] as const,
};

export const ACCOUNT_USERS_PER_PAGE = 25;

/** One page of the account's users; `search` matches names and email. */
export function accountUsersPageQuery(accountId: string, query: AccountUsersQuery) {
  return queryOptions({
    queryKey: accountUserKeys.list(accountId, query),
    queryFn: () => api.accountUsers.list({ params: { a: accountId }, query }),
  });
}

/** How many users a picker offers for what was typed. */
export const ACCOUNT_USER_OPTIONS = 20;

/** The account's users matching a search, for a picker. */
export function useFindAccountUsers(accountId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (search: string) =>
      (await queryClient.fetchQuery(accountUsersPageQuery(accountId, { search, perPage: ACCOUNT_USER_OPTIONS }))).data,
    [queryClient, accountId],
  );
}

export function useAccountUsersPage(accountId: string, query: AccountUsersQuery) {
  // The page shown stays while the next one loads (no flash of an empty table between searches).
  return useQuery({ ...accountUsersPageQuery(accountId, query), placeholderData: keepPreviousData });
}

/** Creates a user of the account, which emails them the invitation to choose their password. */
export function inviteAccountUserMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: (body: AccountUserCreateBody) => api.accountUsers.create({ params: { a: accountId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountUserKeys.lists(accountId) }),
  });
}

/** Changes a user of the account (names, language, role): the row changes at once. */
export function updateAccountUserMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: ({ userId, body }: { userId: string; body: AccountUserUpdateBody }) =>
      api.accountUsers.update({ params: { a: accountId, id: userId }, body }),
    onSuccess: (user) => {
      replaceInPages(queryClient, accountUserKeys.lists(accountId), user);
      replaceSessionUser(queryClient, user);
    },
  });
}

/** Removes a user of the account: the row and the count change at once. */
export function removeAccountUserMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: (userId: string) => api.accountUsers.remove({ params: { a: accountId, id: userId } }),
    onSuccess: (_answer, userId) => dropFromPages(queryClient, accountUserKeys.lists(accountId), userId),
  });
}

/** Emails the invitation again (earlier links stop working). */
export function sendInvitationMutation(accountId: string) {
  return mutationOptions({
    mutationFn: (userId: string) => api.accountUsers.invite({ params: { a: accountId, id: userId } }),
  });
}

export function useInviteAccountUser(accountId: string) {
  return useMutation(inviteAccountUserMutation(useQueryClient(), accountId));
}

export function useUpdateAccountUser(accountId: string) {
  return useMutation(updateAccountUserMutation(useQueryClient(), accountId));
}

export function useRemoveAccountUser(accountId: string) {
  return useMutation(removeAccountUserMutation(useQueryClient(), accountId));
}

export function useSendInvitation(accountId: string) {
  return useMutation(sendInvitationMutation(accountId));
}
