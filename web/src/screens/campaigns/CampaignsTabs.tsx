import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCampaignsArea } from "./campaignsBase.ts";

/** The Email campaigns section's two parts: the campaigns, and the automatic mails (issue 15 item 7). */
export function CampaignsTabs({ current }: { current: "campaigns" | "auto-mails" }) {
  const { t } = useTranslation("web");
  const { base } = useCampaignsArea();
  const navigate = useNavigate();
  return (
    <Tabs value={current} onChange={(value) => value && navigate(value === "campaigns" ? base : `${base}/auto-mails`)}>
      <Tabs.List aria-label={t("autoMails.title")}>
        <Tabs.Tab value="campaigns">{t("autoMails.campaignsTab")}</Tabs.Tab>
        <Tabs.Tab value="auto-mails">{t("autoMails.tab")}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
