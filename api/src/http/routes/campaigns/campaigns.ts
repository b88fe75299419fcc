import { campaignContracts as campaigns } from "@tessera/shared/contracts/campaigns";
import {
  createCampaign,
  getCampaign,
  listCampaigns,
  removeCampaign,
  summarizeCampaign,
  updateCampaign,
} from "../../../services/campaigns/campaigns.ts";
import { progressOf } from "../../../services/campaigns/send/ledger.ts";
import { presentCampaign, presentCampaignSummary } from "../../presenters/campaign.ts";
import { presentCampaignWithProgress } from "./withProgress.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/campaigns: the event's email campaigns. */
export const campaignRoutes: Route[] = [
  route(campaigns.list, async (scope, { params }) => {
    const list = await listCampaigns(scope, eventKey(params));
    const progress = await progressOf(scope.db, list);
    return { data: list.map((campaign) => presentCampaign(campaign, progress.get(campaign.id) ?? null)) };
  }),
  route(campaigns.create, async (scope, { params, body }) =>
    presentCampaign(await createCampaign(scope, eventKey(params), body)),
  ),
  route(campaigns.get, async (scope, { params }) =>
    presentCampaignWithProgress(scope, await getCampaign(scope, eventKey(params), params.id)),
  ),
  route(campaigns.update, async (scope, { params, body }) =>
    presentCampaign(await updateCampaign(scope, eventKey(params), params.id, body)),
  ),
  route(campaigns.remove, async (scope, { params }) => {
    await removeCampaign(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
  route(campaigns.summary, async (scope, { params }) =>
    presentCampaignSummary(await summarizeCampaign(scope, eventKey(params), params.id), scope.t),
  ),
];
