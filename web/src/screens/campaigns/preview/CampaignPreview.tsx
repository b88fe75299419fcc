import { Button, Group, Loader, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { CAMPAIGN_LANGUAGES, type CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { useCampaignPreview, useSendTestCampaign, type CampaignJson } from "@/queries/campaigns.ts";
import { useCampaignsArea } from "../campaignsBase.ts";

/** The widths the message is shown at: an email body's desktop width and a phone's. */
const WIDTHS = { desktop: 640, phone: 375 } as const;
type Width = keyof typeof WIDTHS;

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
  const [width, setWidth] = useState<Width>("desktop");
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
          <SegmentedControl
            aria-label={t("campaigns.preview.width")}
            value={width}
            onChange={(value) => setWidth(value as Width)}
            data={(Object.keys(WIDTHS) as Width[]).map((value) => ({
              value,
              label: t(`campaigns.preview.widths.${value}`),
            }))}
          />
        </Group>
        <Button variant="default" loading={test.isPending} onClick={sendTest}>
          {t("campaigns.preview.sendTest")}
        </Button>
      </Group>
      <FailureAlert message={testFailure} />
      <ScreenAlerts loadError={preview.error} onRetry={() => void preview.refetch()} />
      {preview.isPending && <Loader aria-label={t("campaigns.preview.loading")} />}
      {preview.data && (
        <Stack gap="xs" maw={WIDTHS[width] + 2} w="100%" mx="auto">
          <Paper withBorder p="sm" radius="sm">
            <Text size="xs" c="dimmed">
              {t("campaigns.fields.subject")}
            </Text>
            <Text fw={600} style={{ overflowWrap: "anywhere" }} data-testid="campaign-preview-subject">
              {preview.data.subject}
            </Text>
            {campaign.previewText && (
              <>
                <Text size="xs" c="dimmed" mt={4}>
                  {t("campaigns.fields.previewText")}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {campaign.previewText}
                </Text>
              </>
            )}
          </Paper>
          <iframe
            title={t("campaigns.preview.frameTitle", { language: t(`languages.${language}`) })}
            srcDoc={preview.data.html}
            sandbox=""
            style={{
              width: "100%",
              maxWidth: WIDTHS[width],
              height: 640,
              border: "1px solid var(--mantine-color-default-border)",
              borderRadius: 4,
              background: "#fff",
            }}
            data-testid="campaign-preview-frame"
          />
        </Stack>
      )}
    </Stack>
  );
}
