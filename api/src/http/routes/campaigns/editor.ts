import { campaignEditorContracts as editor } from "@tessera/shared/contracts/campaignEditor";
import { changeCampaignTemplate, previewCampaign } from "../../../services/campaigns/editor.ts";
import { presentCampaign } from "../../presenters/campaign.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** The campaign editor's preview and template change. */
export const campaignEditorRoutes: Route[] = [
  route(editor.preview, async (scope, { params, body }) =>
    previewCampaign(scope, eventKey(params), params.id, body.language),
  ),
  route(editor.changeTemplate, async (scope, { params, body }) =>
    presentCampaign(await changeCampaignTemplate(scope, eventKey(params), params.id, body)),
  ),
];
