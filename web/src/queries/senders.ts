import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { senderContracts } from "@tessera/shared/contracts/senders";
import { api } from "./api.ts";

type Contracts = typeof senderContracts;
export type SenderJson = ContractOutput<Contracts["list"]>["data"][number];
export type SenderCreateBody = ContractInput<Contracts["create"]>["body"];

/** The cache keys of an account's senders: any change makes the list stale. */
export const senderKeys = {
  all: (accountId: string) => ["accounts", "one", accountId, "senders"] as const,
};

/** The account's sender emails, by address (the campaign editor picks its sender among the verified ones). */
export function useSenders(accountId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: senderKeys.all(accountId),
    queryFn: async () => (await api.senders.list({ params: { a: accountId } })).data,
    enabled: options.enabled ?? true,
  });
}

function useInvalidating<Input, Output>(accountId: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: senderKeys.all(accountId) }),
  });
}

/** Adds a sender: pending until the link mailed to it is opened. */
export function useCreateSender(accountId: string) {
  return useInvalidating(accountId, (body: SenderCreateBody) => api.senders.create({ params: { a: accountId }, body }));
}

/** Mails a pending sender a new verification link. */
export function useResendSender(accountId: string) {
  return useInvalidating(accountId, (id: string) => api.senders.resend({ params: { a: accountId, id } }));
}

/** A platform administrator marks a sender verified without its mail. */
export function useMarkSenderVerified(accountId: string) {
  return useInvalidating(accountId, (id: string) => api.senders.markVerified({ params: { a: accountId, id } }));
}

/** Deletes a sender. */
export function useRemoveSender(accountId: string) {
  return useInvalidating(accountId, (id: string) => api.senders.remove({ params: { a: accountId, id } }));
}
