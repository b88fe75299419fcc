import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContractOutput } from "@tessera/shared/client";
import type { unsubscribeContracts } from "@tessera/shared/contracts/unsubscribe";
import { api } from "./api.ts";

/** What the unsubscribe page shows: the event, the masked address, whether it is already unsubscribed. */
export type UnsubscribeStateJson = ContractOutput<(typeof unsubscribeContracts)["view"]>;

export const unsubscribeKeys = {
  one: (token: string) => ["unsubscribe", token] as const,
};

/** The state of an unsubscribe link (reading it never unsubscribes); an unknown token is a 404, not retried. */
export function useUnsubscribeState(token: string) {
  return useQuery({
    queryKey: unsubscribeKeys.one(token),
    queryFn: () => api.unsubscribe.view({ params: { token } }),
    enabled: token !== "",
  });
}

/** The page's button: unsubscribes (asking twice changes nothing) and keeps the answer as the page's state. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.unsubscribe.unsubscribe({ params: { token } }),
    onSuccess: (state) => client.setQueryData(unsubscribeKeys.one(token), state),
  });
}
