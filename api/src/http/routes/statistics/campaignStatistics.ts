import { campaignStatisticsContracts as stats } from "@tessera/shared/contracts/campaignStatistics";
import { campaignStatistics } from "../../../services/campaigns/statistics/campaign.ts";
import { campaignsWithFigures, eventDeliverability } from "../../../services/campaigns/statistics/deliverability.ts";
import { mailHistory } from "../../../services/campaigns/statistics/mailHistory.ts";
import { campaignRecipientStats } from "../../../services/campaigns/statistics/recipients.ts";
import { presentRecipientStats } from "../../presenters/campaignStatistics.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** Statistics → campaigns and deliverability (spec §2), the account's mail history, legacy invits/* (spec §7). */
export const campaignStatisticsRoutes: Route[] = [
  route(stats.campaign, (scope, { params }) => campaignStatistics(scope, eventKey(params), params.id)),
  route(stats.recipients, async (scope, { params, query }) =>
    presentRecipientStats(await campaignRecipientStats(scope, eventKey(params), params.id, query)),
  ),
  route(stats.deliverability, (scope, { params }) => eventDeliverability(scope, eventKey(params))),
  route(stats.mailHistory, (scope, { params, query }) => mailHistory(scope, params.a, query)),
];

/** spec §7 legacy `GET /{event}/admin/invits/...`: the same, the event by its slug. */
export const legacyCampaignStatisticsRoutes: Route[] = [
  route(stats.legacyList, (scope, { params, query }) => campaignsWithFigures(scope, { slug: params.event }, query)),
  route(stats.legacyCampaign, (scope, { params }) => campaignStatistics(scope, { slug: params.event }, params.id)),
  route(stats.legacyRecipients, async (scope, { params, query }) =>
    presentRecipientStats(await campaignRecipientStats(scope, { slug: params.event }, params.id, query)),
  ),
];
