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
import type { eventCreditContracts } from "@tessera/shared/contracts/credits";
import type { CreditKind } from "@tessera/shared/rules/campaigns";
import { api } from "./api.ts";

type Contracts = typeof eventCreditContracts;
export type CreditsRemainingJson = ContractOutput<Contracts["remaining"]>;
export type CreditPackPage = ContractOutput<Contracts["list"]>;
export type CreditPackJson = CreditPackPage["data"][number];
export type CreditMovementPage = ContractOutput<Contracts["history"]>;
export type CreditMovementJson = CreditMovementPage["data"][number];
export type CreditPacksQuery = NonNullable<ContractInput<Contracts["list"]>["query"]>;
export type CreditMovementsQuery = NonNullable<ContractInput<Contracts["history"]>["query"]>;
export type CreditAddBody = ContractInput<Contracts["add"]>["body"];
export type CreditDebitBody = ContractInput<Contracts["debit"]>["body"];

/** The operations of one kind of credits (eventcredits or campaigncredits). */
const operations = (kind: CreditKind) => (kind === "event" ? api.eventCredits : api.campaignCredits);

/** The cache keys of an account's credits: an add or a debit makes every one of them stale. */
export const creditKeys = {
  all: (accountId: string) => ["accounts", "one", accountId, "credits"] as const,
  remaining: (accountId: string, kind: CreditKind) => [...creditKeys.all(accountId), kind, "remaining"] as const,
  packs: (accountId: string, kind: CreditKind, query: CreditPacksQuery) =>
    [...creditKeys.all(accountId), kind, "packs", query] as const,
  history: (accountId: string, kind: CreditKind, query: CreditMovementsQuery) =>
    [...creditKeys.all(accountId), kind, "history", query] as const,
};

export function creditsRemainingQuery(accountId: string, kind: CreditKind) {
  return queryOptions({
    queryKey: creditKeys.remaining(accountId, kind),
    queryFn: () => operations(kind).remaining({ params: { a: accountId } }),
  });
}

/** The credits of `kind` the account can spend now, and whether the signed-in user may add or debit. */
export function useCreditsRemaining(accountId: string, kind: CreditKind) {
  return useQuery(creditsRemainingQuery(accountId, kind));
}

export function creditPacksQuery(accountId: string, kind: CreditKind, query: CreditPacksQuery) {
  return queryOptions({
    queryKey: creditKeys.packs(accountId, kind, query),
    queryFn: () => operations(kind).list({ params: { a: accountId }, query }),
  });
}

/** One page of the account's packs of `kind`, newest first. */
export function useCreditPacks(accountId: string, kind: CreditKind, query: CreditPacksQuery) {
  return useQuery({ ...creditPacksQuery(accountId, kind, query), placeholderData: keepPreviousData });
}

export function creditMovementsQuery(accountId: string, kind: CreditKind, query: CreditMovementsQuery) {
  return queryOptions({
    queryKey: creditKeys.history(accountId, kind, query),
    queryFn: () => operations(kind).history({ params: { a: accountId }, query }),
  });
}

/** One page of the movements of the account's credits of `kind`, newest first. */
export function useCreditMovements(accountId: string, kind: CreditKind, query: CreditMovementsQuery) {
  return useQuery({ ...creditMovementsQuery(accountId, kind, query), placeholderData: keepPreviousData });
}

export function addCreditsMutation(queryClient: QueryClient, accountId: string, kind: CreditKind) {
  return mutationOptions({
    mutationFn: (body: CreditAddBody) => operations(kind).add({ params: { a: accountId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all(accountId) }),
  });
}

/** A platform administrator adds a pack of credits of `kind`. */
export function useAddCredits(accountId: string, kind: CreditKind) {
  return useMutation(addCreditsMutation(useQueryClient(), accountId, kind));
}

export function debitCreditsMutation(queryClient: QueryClient, accountId: string, kind: CreditKind) {
  return mutationOptions({
    mutationFn: (body: CreditDebitBody) => operations(kind).debit({ params: { a: accountId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all(accountId) }),
  });
}

/** A platform administrator debits credits of `kind` (the packs expiring soonest first). */
export function useDebitCredits(accountId: string, kind: CreditKind) {
  return useMutation(debitCreditsMutation(useQueryClient(), accountId, kind));
}
