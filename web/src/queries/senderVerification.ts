import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContractOutput } from "@tessera/shared/client";
import type { senderVerificationContracts } from "@tessera/shared/contracts/senders";
import { api } from "./api.ts";

/** What the sender verification page shows: the address, the account, whether it is verified. */
export type SenderVerificationJson = ContractOutput<(typeof senderVerificationContracts)["view"]>;

export const senderVerificationKeys = {
  one: (token: string) => ["senderVerification", token] as const,
};

/** The state of a verification link (reading it never verifies); an unknown or expired one is not retried. */
export function useSenderVerificationState(token: string) {
  return useQuery({
    queryKey: senderVerificationKeys.one(token),
    queryFn: () => api.senderVerification.view({ params: { token } }),
    enabled: token !== "",
  });
}

/** The page's button: verifies the address and keeps the answer as the page's state. */
export function useVerifySender(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.senderVerification.verify({ params: { token } }),
    onSuccess: (state) => client.setQueryData(senderVerificationKeys.one(token), state),
  });
}
