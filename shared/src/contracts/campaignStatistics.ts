import {
  CampaignHeadlineSchema,
  CampaignRecipientsPage,
  CampaignRecipientsQuery,
  CampaignStatisticsSchema,
  DeliverabilitySchema,
  MailHistoryPage,
  MailHistoryQuery,
} from "../schemas/campaignStatistics.ts";
import { AccountParams, Page, PageQuery } from "../schemas/common.ts";
import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { LegacyEventIdParams, LegacyEventParams } from "../schemas/legacy.ts";
import { contract } from "./contract.ts";

const tags = ["statistics", "campaigns"];
const READ = "Anyone who sees the event.";
const FIGURES =
  "What became of each message: sent (accepted by the mail server), delivered (a delivery report), opened and " +
  "clicked by people (recipients, each once), opens and clicks by machines apart (privacy proxies prefetching " +
  "images, link scanners, fetches seconds after delivery), unsubscribed, bounced, complaints, blocked and " +
  "failed (not sent), queued; opens and clicks by hour over the first two days, then by day (the event's " +
  "wall clock); the links, most followed first.";
const RECIPIENTS =
  "The campaign's recipients with each one's mail status (spec §4: queued, sent, delivered, opened, clicked, " +
  "unsubscribed, bounce, blocked, error), `status` to keep one, `search` in name and address; by name.";

/** Statistics → campaigns and deliverability (spec §2), the account's mail history, the legacy invits/* routes. */
export const campaignStatisticsContracts = {
  campaign: contract({
    method: "get",
    path: "/events/:a/:e/statistics/campaigns/:id",
    summary: "A campaign's statistics",
    description: `${FIGURES} ${READ}`,
    tags,
    params: EventScopedIdParams,
    response: CampaignStatisticsSchema,
    errors: [404],
  }),
  recipients: contract({
    method: "get",
    path: "/events/:a/:e/statistics/campaigns/:id/recipients",
    summary: "A campaign's recipients and their mail status",
    description: `${RECIPIENTS} ${READ}`,
    tags,
    params: EventScopedIdParams,
    query: CampaignRecipientsQuery,
    response: CampaignRecipientsPage,
    errors: [404],
  }),
  deliverability: contract({
    method: "get",
    path: "/events/:a/:e/statistics/deliverability",
    summary: "The event's deliverability",
    description:
      "Every campaign of the event day by day (the event's wall clock): messages sent, delivered, opened and " +
      "clicked by people, bounced, complaints and unsubscriptions; their totals; each campaign's headline " +
      `figures. ${READ}`,
    tags,
    params: EventScopedParams,
    response: DeliverabilitySchema,
    errors: [404],
  }),
  mailHistory: contract({
    method: "get",
    path: "/accounts/:a/mailhistory",
    summary: "The account's mail history",
    description:
      "Every campaign the account's events sent or are sending, newest first (`sort`: startedAt, name, eventName, " +
      "recipients; `order`: asc or desc), with its event, the credits it " +
      "used and its figures; `search` in campaign and event names. Users of the account who may read its " +
      "credits (organizers; editors and readers get 403).",
    tags,
    params: AccountParams,
    query: MailHistoryQuery,
    response: MailHistoryPage,
    errors: [403, 404],
  }),
  legacyList: contract({
    method: "get",
    path: "/:event/admin/invits/get",
    isLegacy: true,
    summary: "The event's campaigns with their figures (legacy)",
    description:
      "The event's campaigns, newest first, paged, each with its figures. `event` is the event's slug, in the " +
      "caller's account (404 otherwise).",
    tags: [...tags, "legacy"],
    params: LegacyEventParams,
    query: PageQuery,
    response: Page(CampaignHeadlineSchema),
    errors: [404],
  }),
  legacyCampaign: contract({
    method: "get",
    path: "/:event/admin/invits/getInvitStatisticsJson/:id",
    isLegacy: true,
    summary: "A campaign's statistics (legacy)",
    description: `Same as GET /api/v1/events/{a}/{e}/statistics/campaigns/{id}. ${FIGURES}`,
    tags: [...tags, "legacy"],
    params: LegacyEventIdParams,
    response: CampaignStatisticsSchema,
    errors: [404],
  }),
  legacyRecipients: contract({
    method: "get",
    path: "/:event/admin/invits/getRecipientsStatsJson/:id",
    isLegacy: true,
    summary: "A campaign's recipients and their mail status (legacy)",
    description: `Same as GET /api/v1/events/{a}/{e}/statistics/campaigns/{id}/recipients. ${RECIPIENTS}`,
    tags: [...tags, "legacy"],
    params: LegacyEventIdParams,
    query: CampaignRecipientsQuery,
    response: CampaignRecipientsPage,
    errors: [404],
  }),
};
