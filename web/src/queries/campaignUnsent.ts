import { useQuery } from "@tanstack/react-query";
import type { ContractOutput } from "@tessera/shared/client";
import type { campaignSendingContracts } from "@tessera/shared/contracts/campaignSending";
import { api } from "./api.ts";
import { campaignKeys } from "./campaigns.ts";

export type UnsentRecipientsJson = ContractOutput<(typeof campaignSendingContracts)["unsent"]>;

/** Who a campaign's send could not reach and why; read once it has some (`enabled`), again as the send goes on. */
export function useUnsentRecipients(accountId: string, eventId: string, id: string, failed: number) {
  return useQuery({
    queryKey: [...campaignKeys.detail(accountId, eventId, id), "unsent", failed] as const,
    queryFn: () => api.campaigns.unsent({ params: { a: accountId, e: eventId, id } }),
    enabled: failed > 0,
  });
}
