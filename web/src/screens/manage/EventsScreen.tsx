import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { ScreenHeader } from "./ScreenHeader.tsx";

export function EventsScreen() {
  const { t } = useTranslation("web");
  return (
    <>
      <ScreenHeader title={t("nav.events")} />
      <ComingSoon title={t("nav.events")} description={t("events.comingSoon")} />
    </>
  );
}
