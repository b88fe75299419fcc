import { campaignSendingContracts as sending } from "@tessera/shared/contracts/campaignSending";
import { cancelScheduledSend, requestSend } from "../../../services/campaigns/send/request.ts";
import { sendTestMessage } from "../../../services/campaigns/send/testSend.ts";
import { listUnsentRecipients } from "../../../services/campaigns/send/unsent.ts";
import { presentUnsentRecipients } from "../../presenters/campaignUnsent.ts";
import { presentCampaignWithProgress } from "./withProgress.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/campaigns/{id}/send|cancel|test|unsent: sending a campaign now or later, test messages, who it missed. */
export const campaignSendingRoutes: Route[] = [
  route(sending.send, async (scope, { params, body }) =>
    presentCampaignWithProgress(scope, await requestSend(scope, eventKey(params), params.id, body)),
  ),
  route(sending.cancel, async (scope, { params }) =>
    presentCampaignWithProgress(scope, await cancelScheduledSend(scope, eventKey(params), params.id)),
  ),
  route(sending.test, async (scope, { params, body }) => ({
    sentTo: await sendTestMessage(scope, eventKey(params), params.id, body),
  })),
  route(sending.unsent, async (scope, { params }) =>
    presentUnsentRecipients(await listUnsentRecipients(scope, eventKey(params), params.id)),
  ),
];
