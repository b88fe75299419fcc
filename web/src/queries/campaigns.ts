import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { campaignContracts } from "@tessera/shared/contracts/campaigns";
import type { campaignEditorContracts } from "@tessera/shared/contracts/campaignEditor";
import type { CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";
import { creditKeys } from "./credits.ts";
import { dropFromList, keepInList } from "./pages.ts";

type Contracts = typeof campaignContracts;
type EditorContracts = typeof campaignEditorContracts;
export type CampaignCreateBody = ContractInput<Contracts["create"]>["body"];
export type CampaignUpdateBody = ContractInput<Contracts["update"]>["body"];
export type CampaignSummaryJson = ContractOutput<Contracts["summary"]>;
export type CampaignPreviewJson = ContractOutput<EditorContracts["preview"]>;
export type CampaignTemplateBody = ContractInput<EditorContracts["changeTemplate"]>["body"];

export type CampaignJson = ContractOutput<Contracts["get"]>;
/** Where a send stands: null while the campaign is pending. */
export type CampaignProgress = NonNullable<CampaignJson["progress"]>;

/** The cache keys of an event's campaigns: the list (newest first), each campaign, its summary, its previews. */
export const campaignKeys = {
  all: (accountId: string, eventId: string) => ["campaigns", accountId, eventId] as const,
  list: (accountId: string, eventId: string) => ["campaigns", accountId, eventId, "list"] as const,
  detail: (accountId: string, eventId: string, id: string) => ["campaigns", accountId, eventId, "detail", id] as const,
  summary: (accountId: string, eventId: string, id: string) =>
    ["campaigns", accountId, eventId, "detail", id, "summary"] as const,
  preview: (accountId: string, eventId: string, id: string, language: CampaignLanguage) =>
    ["campaigns", accountId, eventId, "detail", id, "preview", language] as const,
};

/** How often a campaign being sent is read again, to show its progress. */
export const SENDING_POLL_MS = 2_000;

export function campaignsQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: campaignKeys.list(accountId, eventId),
    queryFn: async (): Promise<CampaignJson[]> =>
      (await api.campaigns.list({ params: { a: accountId, e: eventId } })).data,
  });
}

/** The event's campaigns, newest first. */
export function useCampaigns(accountId: string, eventId: string) {
  return useQuery(campaignsQuery(accountId, eventId));
}

export function campaignQuery(queryClient: QueryClient, accountId: string, eventId: string, id: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(accountId, eventId, id),
    queryFn: (): Promise<CampaignJson> => api.campaigns.get({ params: { a: accountId, e: eventId, id } }),
    initialData: () =>
      queryClient.getQueryData<CampaignJson[]>(campaignKeys.list(accountId, eventId))?.find((c) => c.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(campaignKeys.list(accountId, eventId))?.dataUpdatedAt,
    // While it is being sent, read again every 2 s for its progress.
    refetchInterval: (query) => (query.state.data?.state === "sending" ? SENDING_POLL_MS : false),
  });
}

/** One campaign of the event (read every 2 s while it is being sent). */
export function useCampaign(accountId: string, eventId: string, id: string) {
  return useQuery(campaignQuery(useQueryClient(), accountId, eventId, id));
}

/** Who the campaign would go to now, who it leaves out and why, its cost and what keeps it from being sent. */
export function useCampaignSummary(accountId: string, eventId: string, id: string) {
  return useQuery({
    queryKey: campaignKeys.summary(accountId, eventId, id),
    queryFn: () => api.campaigns.summary({ params: { a: accountId, e: eventId, id } }),
  });
}

/** The campaign's message in a language, as the signed-in user would receive it (read again on each visit). */
export function useCampaignPreview(accountId: string, eventId: string, id: string, language: CampaignLanguage) {
  return useQuery({
    queryKey: campaignKeys.preview(accountId, eventId, id, language),
    queryFn: () => api.campaigns.preview({ params: { a: accountId, e: eventId, id }, body: { language } }),
    staleTime: 0,
  });
}

/** Keeps a campaign as the API answered it, in its entry and its row of the list; its summary and previews go stale. */
function keepCampaign(queryClient: QueryClient, accountId: string, eventId: string, campaign: CampaignJson): void {
  queryClient.setQueryData(campaignKeys.detail(accountId, eventId, campaign.id), campaign);
  keepInList(queryClient, campaignKeys.list(accountId, eventId), campaign);
  void queryClient.invalidateQueries({
    queryKey: campaignKeys.detail(accountId, eventId, campaign.id),
    predicate: (query) => query.queryKey.length > 5,
  });
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

export function createCampaignMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: CampaignCreateBody): Promise<CampaignJson> =>
      api.campaigns.create({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (campaign) => keepCampaign(queryClient, accountId, eventId, campaign),
  });
}

export function updateCampaignMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: CampaignUpdateBody }): Promise<CampaignJson> =>
      api.campaigns.update({ params: { a: accountId, e: eventId, id }, body }),
    onSuccess: (campaign) => keepCampaign(queryClient, accountId, eventId, campaign),
  });
}

export function removeCampaignMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (id: string) => api.campaigns.remove({ params: { a: accountId, e: eventId, id } }),
    onSuccess: (_ok, id) => {
      dropFromList(queryClient, campaignKeys.list(accountId, eventId), id);
      queryClient.removeQueries({ queryKey: campaignKeys.detail(accountId, eventId, id) });
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
    },
  });
}

export function changeTemplateMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: CampaignTemplateBody }): Promise<CampaignJson> =>
      api.campaigns.changeTemplate({ params: { a: accountId, e: eventId, id }, body }),
    onSuccess: (campaign) => keepCampaign(queryClient, accountId, eventId, campaign),
  });
}

/** One test message to the signed-in user (no credit, no tracking). */
export function sendTestCampaign(
  accountId: string,
  eventId: string,
  id: string,
  body: { language?: CampaignLanguage },
) {
  return api.campaigns.test({ params: { a: accountId, e: eventId, id }, body });
}

export function sendCampaignMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, sendAt }: { id: string; sendAt?: string }) =>
      api.campaigns.send({ params: { a: accountId, e: eventId, id }, body: sendAt ? { sendAt } : {} }),
    onSuccess: (campaign) => {
      keepCampaign(queryClient, accountId, eventId, campaign);
      void queryClient.invalidateQueries({ queryKey: creditKeys.all(accountId) });
    },
  });
}

export function cancelCampaignMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (id: string): Promise<CampaignJson> =>
      api.campaigns.cancel({ params: { a: accountId, e: eventId, id } }),
    onSuccess: (campaign) => keepCampaign(queryClient, accountId, eventId, campaign),
  });
}

export function useCreateCampaign(accountId: string, eventId: string) {
  return useMutation(createCampaignMutation(useQueryClient(), accountId, eventId));
}
export function useUpdateCampaign(accountId: string, eventId: string) {
  return useMutation(updateCampaignMutation(useQueryClient(), accountId, eventId));
}
export function useRemoveCampaign(accountId: string, eventId: string) {
  return useMutation(removeCampaignMutation(useQueryClient(), accountId, eventId));
}
export function useChangeTemplate(accountId: string, eventId: string) {
  return useMutation(changeTemplateMutation(useQueryClient(), accountId, eventId));
}
export function useSendCampaign(accountId: string, eventId: string) {
  return useMutation(sendCampaignMutation(useQueryClient(), accountId, eventId));
}
export function useCancelCampaign(accountId: string, eventId: string) {
  return useMutation(cancelCampaignMutation(useQueryClient(), accountId, eventId));
}
export function useSendTestCampaign(accountId: string, eventId: string) {
  return useMutation({
    mutationFn: ({ id, language }: { id: string; language: CampaignLanguage }) =>
      sendTestCampaign(accountId, eventId, id, { language }),
  });
}
