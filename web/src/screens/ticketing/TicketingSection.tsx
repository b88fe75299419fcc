import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Route, Routes, useLocation, useNavigate } from "react-router";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { CouponsScreen } from "./coupons/CouponsScreen.tsx";
import { ParamsScreen } from "./params/ParamsScreen.tsx";
import { TicketsScreen } from "./TicketsScreen.tsx";

/** The tabs that are built, each at its own address (Tickets at the section's own). */
const TABS = ["tickets", "coupons", "params"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string): value is Tab => (TABS as readonly string[]).includes(value);

/**
 * /manage/events/:eventId/ticketing/* (a lazy chunk, with dnd-kit): the Ticketing section. Spec §2 names its tabs
 * Tickets, Coupons, Params and Order history; only the tabs that are built are shown.
 */
function TicketingSection() {
  const { t } = useTranslation("web");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [base = "", rest = ""] = pathname.split("/ticketing");
  const part = rest.split("/")[1] || "tickets";
  return (
    <>
      <Tabs
        value={isTab(part) ? part : null}
        onChange={(value) => value && navigate(`${base}/ticketing${value === "tickets" ? "" : `/${value}`}`)}
        variant="pills"
      >
        <Tabs.List aria-label={t("ticketing.tabsLabel")} mb="md">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`ticketing.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Routes>
        <Route index element={<TicketsScreen />} />
        <Route path="coupons" element={<CouponsScreen />} />
        <Route path="params" element={<ParamsScreen />} />
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </>
  );
}

export default TicketingSection;
