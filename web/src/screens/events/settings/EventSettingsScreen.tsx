import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import { ManageNotFoundScreen } from "@/screens/shell/ManageNotFoundScreen.tsx";
import { AccessTab } from "./AccessTab.tsx";
import { DatesTab } from "./DatesTab.tsx";
import { DescriptionTab } from "./DescriptionTab.tsx";
import { HistoryTab } from "./HistoryTab.tsx";
import { ImagesTab } from "./ImagesTab.tsx";
import { ParamsTab } from "./ParamsTab.tsx";
import { SocialTab } from "./SocialTab.tsx";
import { VenueTab } from "./VenueTab.tsx";

const TABS = {
  description: DescriptionTab,
  params: ParamsTab,
  dates: DatesTab,
  venue: VenueTab,
  social: SocialTab,
  images: ImagesTab,
  access: AccessTab,
  history: HistoryTab,
} as const;
type SettingsTab = keyof typeof TABS;

/** Spec §2 event settings: one tab per group of fields, each at its own address. */
export function EventSettingsScreen() {
  const { t } = useTranslation("web");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [base = "", rest = ""] = pathname.split("/settings");
  const current = rest.split("/")[1] || "description";
  return (
    <>
      <Tabs
        value={current}
        onChange={(value) => value && navigate(`${base}/settings/${value}`)}
        orientation="horizontal"
        variant="pills"
      >
        <Tabs.List mb="md" aria-label={t("settings.label")}>
          {(Object.keys(TABS) as SettingsTab[]).map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`settings.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Routes>
        <Route index element={<Navigate to="description" replace />} />
        {(Object.entries(TABS) as [SettingsTab, () => React.JSX.Element][]).map(([tab, Screen]) => (
          <Route key={tab} path={tab} element={<Screen />} />
        ))}
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </>
  );
}
