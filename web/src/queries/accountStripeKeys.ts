import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { accountStripeKeyContracts } from "@tessera/shared/contracts/accountStripeKeys";
import { api } from "./api.ts";

type Contracts = typeof accountStripeKeyContracts;
export type AccountStripeKeysJson = ContractOutput<Contracts["get"]>;
export type AccountStripeKeysUpdateBody = ContractInput<Contracts["update"]>["body"];

export const accountStripeKeysKey = (accountId: string) => ["accounts", "one", accountId, "stripe-keys"] as const;

export function accountStripeKeysQuery(accountId: string) {
  return queryOptions({
    queryKey: accountStripeKeysKey(accountId),
    queryFn: () => api.accountStripeKeys.get({ params: { a: accountId } }),
  });
}

/** The account's own Stripe keys, test and live (those who change the account's settings). */
export function useAccountStripeKeys(accountId: string, enabled = true) {
  return useQuery({ ...accountStripeKeysQuery(accountId), enabled });
}

export function updateAccountStripeKeysMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: (body: AccountStripeKeysUpdateBody) => api.accountStripeKeys.update({ params: { a: accountId }, body }),
    onSuccess: (keys) => queryClient.setQueryData(accountStripeKeysKey(accountId), keys),
  });
}

export function useUpdateAccountStripeKeys(accountId: string) {
  return useMutation(updateAccountStripeKeysMutation(useQueryClient(), accountId));
}
