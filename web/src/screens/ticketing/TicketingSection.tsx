import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Route, Routes, useLocation, useNavigate } from "react-router";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { CouponsScreen } from "./coupons/CouponsScreen.tsx";
import { CreateOrderScreen } from "./orders/CreateOrderScreen.tsx";
import { OrderScreen } from "./orders/OrderScreen.tsx";
import { OrdersScreen } from "./orders/OrdersScreen.tsx";
import { ParamsScreen } from "./params/ParamsScreen.tsx";
import { TicketsScreen } from "./TicketsScreen.tsx";

/** The tabs that are built, each at its own address (Tickets at the section's own). */
const TABS = ["tickets", "coupons", "params", "orders"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string): value is Tab => (TABS as readonly string[]).includes(value);

/**
 * /manage/events/:eventId/ticketing/* (a lazy chunk, with dnd-kit): the Ticketing section. Spec §2 names its tabs
 * Tickets, Coupons, Params and Order history; an order's page and "create order" stay under Order history's tab.
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
        <Route path="orders" element={<OrdersScreen />} />
        <Route path="orders/new" element={<CreateOrderScreen />} />
        <Route path="orders/:orderId" element={<OrderScreen />} />
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </>
  );
}

export default TicketingSection;
