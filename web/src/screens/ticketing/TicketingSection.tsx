import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Route, Routes } from "react-router";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { TicketsScreen } from "./TicketsScreen.tsx";

/**
 * /manage/events/:eventId/ticketing/* (a lazy chunk, with dnd-kit): the Ticketing section. Spec §2 names its tabs
 * Tickets, Coupons, Params and Order history; only the tabs that are built are shown (Tickets for now).
 */
function TicketingSection() {
  const { t } = useTranslation("web");
  return (
    <Tabs value="tickets" variant="pills">
      <Tabs.List aria-label={t("ticketing.tabsLabel")} mb="md">
        <Tabs.Tab value="tickets">{t("ticketing.tabs.tickets")}</Tabs.Tab>
      </Tabs.List>
      <Routes>
        <Route index element={<TicketsScreen />} />
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </Tabs>
  );
}

export default TicketingSection;
