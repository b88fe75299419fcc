import { Alert, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { isApiError } from "@tessera/shared/client";
import { useTranslation } from "react-i18next";
import { Route, Routes, useLocation, useNavigate } from "react-router";
import { BackLink } from "@/components/BackLink.tsx";
import { PageLoader } from "@/components/PageLoader.tsx";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { useCampaign } from "@/queries/campaigns.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { CampaignStateBadge } from "./CampaignStateBadge.tsx";
import { useCampaignsArea } from "./campaignsBase.ts";
import { CampaignEditor } from "./editor/CampaignEditor.tsx";
import { CampaignPreview } from "./preview/CampaignPreview.tsx";
import { CampaignSend } from "./summary/CampaignSend.tsx";

const STEPS = ["edit", "preview", "send"] as const;
type Step = (typeof STEPS)[number];

/** One campaign: its name and state, and its three steps (edit, preview, summary and send), each at its address. */
export function CampaignScreen({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base } = useCampaignsArea();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const campaign = useCampaign(accountId, event.id, campaignId);
  const own = `${base}/${campaignId}`;
  const rest = pathname.slice(own.length + 1).split("/")[0];
  const current: Step = rest === "preview" || rest === "send" ? rest : "edit";

  if (!campaign.data) {
    if (campaign.error && isApiError(campaign.error) && campaign.error.status === 404) return <ManageNotFoundScreen />;
    if (campaign.error) return <ScreenAlerts loadError={campaign.error} onRetry={() => void campaign.refetch()} />;
    return <PageLoader />;
  }
  const data = campaign.data;

  return (
    <Stack gap="md">
      <div>
        <BackLink to={base}>{t("campaigns.backToList")}</BackLink>
        <Group justify="space-between" align="center" mt="xs" gap="xs">
          <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
            {data.name}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t(`campaigns.types.${data.type}`)}
            </Text>
            <CampaignStateBadge state={data.state} />
          </Group>
        </Group>
      </div>
      <Tabs
        value={current}
        onChange={(value) => value && navigate(value === "edit" ? own : `${own}/${value}`)}
        variant="pills"
      >
        <Tabs.List aria-label={t("campaigns.tabs.label")}>
          {STEPS.map((step) => (
            <Tabs.Tab key={step} value={step}>
              {t(`campaigns.tabs.${step}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {data.state !== "pending" && current === "edit" && (
        <Alert color="blue" variant="light">
          {t("campaigns.editor.locked")}
        </Alert>
      )}
      <Routes>
        <Route index element={<CampaignEditor campaign={data} />} />
        <Route path="preview" element={<CampaignPreview campaign={data} />} />
        <Route path="send" element={<CampaignSend campaign={data} />} />
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </Stack>
  );
}
