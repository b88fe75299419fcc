import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { ScreenHeader } from "./ScreenHeader.tsx";

export function TeamsScreen() {
  const { t } = useTranslation("web");
  return (
    <>
      <ScreenHeader title={t("nav.teams")} />
      <ComingSoon title={t("nav.teams")} description={t("teams.comingSoon")} />
    </>
  );
}
