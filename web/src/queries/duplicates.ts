import { keepPreviousData, queryOptions, useMutation, useQuery, mutationOptions } from "@tanstack/react-query";
import type { ContractOutput } from "@tessera/shared/client";
import type { duplicateContracts } from "@tessera/shared/contracts/duplicates";
import { api } from "./api.ts";
import { guestKeys } from "./guests.ts";

type Contracts = typeof duplicateContracts;
export type DuplicatePage = ContractOutput<Contracts["list"]>;
export type DuplicatePairJson = DuplicatePage["data"][number];

export const DUPLICATES_PER_PAGE = 20;

export const duplicateKeys = {
  all: (accountId: string, eventId: string) => ["duplicates", accountId, eventId] as const,
  page: (accountId: string, eventId: string, page: number) => ["duplicates", accountId, eventId, page] as const,
};

/** One page of the pairs of guests that look like the same person. */
export function duplicatesPageQuery(accountId: string, eventId: string, page: number) {
  return queryOptions({
    queryKey: duplicateKeys.page(accountId, eventId, page),
    queryFn: () =>
      api.duplicates.list({ params: { a: accountId, e: eventId }, query: { page, perPage: DUPLICATES_PER_PAGE } }),
  });
}

export function useDuplicatesPage(accountId: string, eventId: string, page: number) {
  return useQuery({ ...duplicatesPageQuery(accountId, eventId, page), placeholderData: keepPreviousData });
}

/** Sets a pair aside for good: the two are different people. */
export function ignoreDuplicateMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (guestIds: [string, string]) =>
      api.duplicates.ignore({ params: { a: accountId, e: eventId }, body: { guestIds } }),
    onSuccess: (_answer, _variables, _result, { client: queryClient }) =>
      queryClient.invalidateQueries({ queryKey: duplicateKeys.all(accountId, eventId) }),
  });
}

export function useIgnoreDuplicate(accountId: string, eventId: string) {
  return useMutation(ignoreDuplicateMutation(accountId, eventId));
}

/** Folds `mergeId` into `keepId` (answers, companions, orders, history); the merged guest is deleted. */
export function mergeDuplicatesMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: { keepId: string; mergeId: string }) =>
      api.duplicates.merge({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (_kept, { mergeId }, _result, { client: queryClient }) => {
      queryClient.removeQueries({ queryKey: guestKeys.one(accountId, eventId, mergeId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: duplicateKeys.all(accountId, eventId) }),
        queryClient.invalidateQueries({ queryKey: guestKeys.all(accountId, eventId) }),
      ]);
    },
  });
}

export function useMergeDuplicates(accountId: string, eventId: string) {
  return useMutation(mergeDuplicatesMutation(accountId, eventId));
}
