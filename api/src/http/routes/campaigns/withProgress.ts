import type { CampaignJson } from "@tessera/shared/schemas/campaigns";
import { campaignSendProgress } from "../../../services/campaigns/send/ledger.ts";
import type { Scope } from "../../../services/scope.ts";
import { presentCampaign } from "../../presenters/campaign.ts";

type CampaignRow = Parameters<typeof presentCampaign>[0];

/** A campaign with where its recipients stand (read when its send started). */
export async function presentCampaignWithProgress(scope: Scope, campaign: CampaignRow): Promise<CampaignJson> {
  return presentCampaign(campaign, await campaignSendProgress(scope.db, campaign));
}
