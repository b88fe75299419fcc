import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { defaultEventParamContracts } from "@tessera/shared/contracts/defaultEventParams";
import { api } from "./api.ts";

type Contracts = typeof defaultEventParamContracts;
/** What a new event of the account starts with; fields never set are left out. */
export type DefaultEventParamsJson = ContractOutput<Contracts["get"]>;
export type DefaultEventParamsBody = ContractInput<Contracts["update"]>["body"];

export const defaultEventParamsKey = (accountId: string) => ["defaultEventParams", accountId] as const;

export function defaultEventParamsQuery(accountId: string) {
  return queryOptions({
    queryKey: defaultEventParamsKey(accountId),
    queryFn: () => api.defaultEventParams.get({ params: { a: accountId } }),
  });
}

export function useDefaultEventParams(accountId: string) {
  return useQuery(defaultEventParamsQuery(accountId));
}

export function updateDefaultEventParamsMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: (body: DefaultEventParamsBody) => api.defaultEventParams.update({ params: { a: accountId }, body }),
    onSuccess: (params) => queryClient.setQueryData(defaultEventParamsKey(accountId), params),
  });
}

export function useUpdateDefaultEventParams(accountId: string) {
  return useMutation(updateDefaultEventParamsMutation(useQueryClient(), accountId));
}
