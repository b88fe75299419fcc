import { queryOptions, useMutation, useQuery, mutationOptions } from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { recommendationContracts } from "@tessera/shared/contracts/recommendations";
import { api } from "./api.ts";
import { guestKeys } from "./guests.ts";

type Contracts = typeof recommendationContracts;
export type RecommendationPage = ContractOutput<Contracts["list"]>;
export type RecommendationJson = RecommendationPage["data"][number];
export type RecommendationsQuery = NonNullable<ContractInput<Contracts["list"]>["query"]>;

export const RECOMMENDATIONS_PER_PAGE = 50;

export const recommendationKeys = {
  all: (accountId: string, eventId: string) => ["recommendations", accountId, eventId] as const,
  list: (accountId: string, eventId: string, query: RecommendationsQuery) =>
    ["recommendations", accountId, eventId, query] as const,
};

/** One page of the people guests recommended, newest first (by status). */
export function recommendationsPageQuery(accountId: string, eventId: string, query: RecommendationsQuery) {
  return queryOptions({
    queryKey: recommendationKeys.list(accountId, eventId, query),
    queryFn: () => api.recommendations.list({ params: { a: accountId, e: eventId }, query }),
  });
}

export function useRecommendationsPage(accountId: string, eventId: string, query: RecommendationsQuery) {
  return useQuery(recommendationsPageQuery(accountId, eventId, query));
}

/** Accepting makes the person a guest (or links the guest with that email): the guest lists change. */
export function decideRecommendationMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, decision }: { id: string; decision: "accept" | "refuse" }) =>
      api.recommendations[decision]({ params: { a: accountId, e: eventId, id } }),
    onSuccess: (_answer, { decision }, _result, { client: queryClient }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recommendationKeys.all(accountId, eventId) }),
        decision === "accept" ? queryClient.invalidateQueries({ queryKey: guestKeys.all(accountId, eventId) }) : null,
      ]),
  });
}

export function useDecideRecommendation(accountId: string, eventId: string) {
  return useMutation(decideRecommendationMutation(accountId, eventId));
}
