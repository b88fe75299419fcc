import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { CampaignsStatistics } from "./campaigns/CampaignsStatistics.tsx";
import { CampaignStatisticsScreen } from "./campaigns/CampaignStatisticsScreen.tsx";
import { CheckinStatistics } from "./CheckinStatistics.tsx";
import { CustomFieldsStatistics } from "./CustomFieldsStatistics.tsx";
import { DeliverabilityStatistics } from "./deliverability/DeliverabilityStatistics.tsx";

/** The parts of the Statistics section (spec §2), each at its own address. */
const PARTS = {
  "custom-fields": "customFields",
  deliverability: "deliverability",
  "check-in": "checkin",
  campaigns: "campaigns",
} as const;
type Part = keyof typeof PARTS;

/** /manage/events/:eventId/statistics/* (a lazy chunk, with the charts): one tab a part. */
function StatisticsSection() {
  const { t } = useTranslation("web");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [base = "", rest = ""] = pathname.split("/statistics");
  const current = rest.split("/")[1] || "custom-fields";
  return (
    <>
      <Tabs value={current} onChange={(value) => value && navigate(`${base}/statistics/${value}`)} variant="pills">
        <Tabs.List mb="md" aria-label={t("statistics.label")}>
          {(Object.keys(PARTS) as Part[]).map((part) => (
            <Tabs.Tab key={part} value={part}>
              {t(`statistics.tabs.${PARTS[part]}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Routes>
        <Route index element={<Navigate to="custom-fields" replace />} />
        <Route path="custom-fields" element={<CustomFieldsStatistics />} />
        <Route path="check-in" element={<CheckinStatistics />} />
        <Route path="deliverability" element={<DeliverabilityStatistics />} />
        <Route path="campaigns" element={<CampaignsStatistics />} />
        <Route path="campaigns/:campaignId" element={<CampaignStatisticsScreen />} />
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </>
  );
}

export default StatisticsSection;
