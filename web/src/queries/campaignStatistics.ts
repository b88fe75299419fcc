import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { campaignStatisticsContracts } from "@tessera/shared/contracts/campaignStatistics";
import { api } from "./api.ts";
import { SENDING_POLL_MS } from "./campaigns.ts";

type Contracts = typeof campaignStatisticsContracts;
export type CampaignStatisticsJson = ContractOutput<Contracts["campaign"]>;
export type CampaignFiguresJson = CampaignStatisticsJson["figures"];
export type CampaignRecipientsPage = ContractOutput<Contracts["recipients"]>;
export type CampaignRecipientStatJson = CampaignRecipientsPage["data"][number];
export type CampaignRecipientsQuery = NonNullable<ContractInput<Contracts["recipients"]>["query"]>;
export type DeliverabilityJson = ContractOutput<Contracts["deliverability"]>;
export type CampaignHeadlineJson = DeliverabilityJson["campaigns"][number];
export type MailHistoryPage = ContractOutput<Contracts["mailHistory"]>;
export type MailHistoryItemJson = MailHistoryPage["data"][number];
export type MailHistoryQuery = NonNullable<ContractInput<Contracts["mailHistory"]>["query"]>;

export const CAMPAIGN_RECIPIENTS_PER_PAGE = 25;
export const MAIL_HISTORY_PER_PAGE = 25;
/** While no campaign is being sent, figures still move (opens, clicks, bounces): read again this often. */
export const CAMPAIGN_FIGURES_REFRESH_MS = 60_000;

/** The cache keys of an event's campaign figures, and of an account's mail history. */
export const campaignStatisticsKeys = {
  all: (accountId: string, eventId: string) => ["statistics", accountId, eventId, "campaigns"] as const,
  campaign: (accountId: string, eventId: string, id: string) =>
    ["statistics", accountId, eventId, "campaigns", id] as const,
  recipients: (accountId: string, eventId: string, id: string, query: CampaignRecipientsQuery) =>
    ["statistics", accountId, eventId, "campaigns", id, "recipients", query] as const,
  deliverability: (accountId: string, eventId: string) =>
    ["statistics", accountId, eventId, "campaigns", "deliverability"] as const,
  mailHistory: (accountId: string, query: MailHistoryQuery) =>
    ["accounts", "one", accountId, "mailHistory", query] as const,
};

/**
 * The event-wide figures and a campaign's recipients while a send is under way: they cost more to count (every
 * campaign of the event day by day; a page of 100,000 sorted by name) and move less to the eye than the figures.
 */
export const SENDING_LISTS_POLL_MS = 10_000;

/** Every 2 s while a send is under way (as the campaign summary's progress), every minute otherwise. */
export const refreshWhile = (sending: boolean, whileSending = SENDING_POLL_MS) =>
  sending ? whileSending : CAMPAIGN_FIGURES_REFRESH_MS;

/**
 * A campaign's figures, its opens and clicks over time and its links: read each time the screen opens, and
 * again every 2 s while it is being sent (every minute after: opens and bounces keep coming).
 */
export function useCampaignStatistics(accountId: string, eventId: string, id: string) {
  return useQuery({
    queryKey: campaignStatisticsKeys.campaign(accountId, eventId, id),
    queryFn: () => api.campaignStatistics.campaign({ params: { a: accountId, e: eventId, id } }),
    staleTime: 0,
    refetchInterval: (query) => refreshWhile(query.state.data?.campaign.state === "sending"),
  });
}

/** A page of a campaign's recipients with their mail status (read again every 10 s while it is being sent). */
export function useCampaignRecipientStats(
  accountId: string,
  eventId: string,
  id: string,
  query: CampaignRecipientsQuery,
  sending: boolean,
) {
  return useQuery({
    queryKey: campaignStatisticsKeys.recipients(accountId, eventId, id, query),
    queryFn: () => api.campaignStatistics.recipients({ params: { a: accountId, e: eventId, id }, query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: refreshWhile(sending, SENDING_LISTS_POLL_MS),
  });
}

/** The event's deliverability day by day, its totals and its campaigns' headlines (every 10 s while one is sent). */
export function useDeliverability(accountId: string, eventId: string) {
  return useQuery({
    queryKey: campaignStatisticsKeys.deliverability(accountId, eventId),
    queryFn: () => api.campaignStatistics.deliverability({ params: { a: accountId, e: eventId } }),
    staleTime: 0,
    refetchInterval: (query) =>
      refreshWhile(
        query.state.data?.campaigns.some((campaign) => campaign.state === "sending") ?? false,
        SENDING_LISTS_POLL_MS,
      ),
  });
}

/** A page of the account's mail history: every campaign its events sent, with the credits each used. */
export function useMailHistory(accountId: string, query: MailHistoryQuery) {
  return useQuery({
    queryKey: campaignStatisticsKeys.mailHistory(accountId, query),
    queryFn: () => api.campaignStatistics.mailHistory({ params: { a: accountId }, query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
