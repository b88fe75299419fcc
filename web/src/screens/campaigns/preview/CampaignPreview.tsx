import { Button, Group, Loader, SegmentedControl, Stack, Text } from "@mantine/core";
import { CAMPAIGN_LANGUAGES, type CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { useCampaignPreview, useSendTestCampaign, type CampaignJson } from "@/queries/campaigns.ts";
import { useCampaignsArea } from "../campaignsBase.ts";
import { MessageFrame, MessageWidthControl, type MessageWidth } from "./MessageFrame.tsx";

/**
 * The campaign's message as the signed-in user would receive it (the API's preview: their name, the event's
 * facts, links untracked), per language, at a desktop or a phone width, with its subject and inbox preview text;
 * "Send me a test" sends it to them.
 */
export function CampaignPreview({ campaign }: { campaign: CampaignJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCampaignsArea();
  const languages = CAMPAIGN_LANGUAGES.filter((language) => campaign.content[language]);
  const [language, setLanguage] = useState<CampaignLanguage>(
    languages.includes(campaign.language) ? campaign.language : (languages[0] ?? "en"),
  );
  const [width, setWidth] = useState<MessageWidth>("desktop");
  const preview = useCampaignPreview(accountId, event.id, campaign.id, language);
  const test = useSendTestCampaign(accountId, event.id);
  const [testFailure, setTestFailure] = useState<string | null>(null);

  function sendTest() {
    setTestFailure(null);
    test.mutate(
      { id: campaign.id, language },
      {
        onSuccess: ({ sentTo }) => notifySuccess(t("campaigns.preview.testSent", { email: sentTo })),
        onError: (error) => setTestFailure(errorMessage(error, t)),
      },
    );
  }

  if (!languages.length) {
    return <Text c="dimmed">{t("campaigns.editor.noLanguage")}</Text>;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {languages.length > 1 && (
            <SegmentedControl
              aria-label={t("campaigns.preview.language")}
              value={language}
              onChange={(value) => setLanguage(value as CampaignLanguage)}
              data={languages.map((value) => ({ value, label: t(`languages.${value}`) }))}
            />
          )}
          <MessageWidthControl value={width} onChange={setWidth} />
        </Group>
        <Button variant="default" loading={test.isPending} onClick={sendTest}>
          {t("campaigns.preview.sendTest")}
        </Button>
      </Group>
      <FailureAlert message={testFailure} />
      <ScreenAlerts loadError={preview.error} onRetry={() => void preview.refetch()} />
      {preview.isPending && <Loader aria-label={t("campaigns.preview.loading")} />}
      {preview.data && (
        <MessageFrame
          subject={preview.data.subject}
          html={preview.data.html}
          language={language}
          width={width}
          previewText={campaign.previewText}
        />
      )}
    </Stack>
  );
}
