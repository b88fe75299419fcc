import { Route, Routes, useParams } from "react-router";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { AutoMailScreen } from "./autoMails/AutoMailScreen.tsx";
import { AutoMailsListScreen } from "./autoMails/AutoMailsListScreen.tsx";
import { CampaignScreen } from "./CampaignScreen.tsx";
import { CampaignsListScreen } from "./list/CampaignsListScreen.tsx";

/**
 * /manage/events/:eventId/campaigns/* (a lazy chunk, with dnd-kit): the list, and each campaign's editor
 * (`:campaignId`), preview (`:campaignId/preview`) and summary and send (`:campaignId/send`); the automatic mails
 * (`auto-mails`) and each one's editor (`auto-mails/:kind`).
 */
function CampaignsSection() {
  return (
    <Routes>
      <Route index element={<CampaignsListScreen />} />
      <Route path="auto-mails" element={<AutoMailsListScreen />} />
      <Route path="auto-mails/:kind" element={<AutoMailScreen />} />
      <Route path=":campaignId/*" element={<CampaignRoute />} />
      <Route path="*" element={<ManageNotFoundScreen />} />
    </Routes>
  );
}

function CampaignRoute() {
  const { campaignId = "" } = useParams();
  // Another campaign is another editor (its own unsaved state).
  return <CampaignScreen key={campaignId} campaignId={campaignId} />;
}

export default CampaignsSection;
