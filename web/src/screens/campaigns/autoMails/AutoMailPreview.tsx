import { Button, Group, Loader, Paper, Stack, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import {
  useAutoMailPreview,
  useSendTestAutoMail,
  type AutoMailJson,
  type AutoMailSaveBody,
} from "@/queries/autoMails.ts";
import { useCampaignsArea } from "../campaignsBase.ts";
import { MessageFrame, MessageWidthControl, type MessageWidth } from "../preview/MessageFrame.tsx";

/**
 * The draft as the signed-in user would receive it (sample order, refund or sign-in values), at a desktop or a
 * phone width, following the draft a moment after each change; "Send me a test" mails it to them.
 */
export function AutoMailPreview({ mail, draft }: { mail: AutoMailJson; draft: AutoMailSaveBody }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, canEdit } = useCampaignsArea();
  const [width, setWidth] = useState<MessageWidth>("desktop");
  const [settled] = useDebouncedValue(draft, 500);
  const preview = useAutoMailPreview(accountId, event.id, mail.kind, mail.language, settled);
  const test = useSendTestAutoMail(accountId, event.id, mail.kind, mail.language);
  const [testFailure, setTestFailure] = useState<string | null>(null);

  function sendTest() {
    setTestFailure(null);
    test.mutate(draft, {
      onSuccess: ({ sentTo }) => notifySuccess(t("campaigns.preview.testSent", { email: sentTo })),
      onError: (error) => setTestFailure(errorMessage(error, t)),
    });
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="auto-mail-preview-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id="auto-mail-preview-title">
            {t("campaigns.tabs.preview")}
          </Title>
          <Group gap="xs">
            <MessageWidthControl value={width} onChange={setWidth} />
            {canEdit && (
              <Button variant="default" loading={test.isPending} onClick={sendTest}>
                {t("campaigns.preview.sendTest")}
              </Button>
            )}
          </Group>
        </Group>
        <FailureAlert message={testFailure} />
        <ScreenAlerts loadError={preview.error} onRetry={() => void preview.refetch()} />
        {preview.isPending && <Loader aria-label={t("campaigns.preview.loading")} />}
        {preview.data && (
          <MessageFrame
            subject={preview.data.subject}
            html={preview.data.html}
            language={mail.language}
            width={width}
          />
        )}
      </Stack>
    </Paper>
  );
}
