import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { CAMPAIGN_EXCLUSIONS } from "@tessera/shared/rules/campaigns";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { fromZonedInput, toZonedInput } from "@/app/zonedTime.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import {
  useCampaignSummary,
  useCancelCampaign,
  useSendCampaign,
  type CampaignJson,
  type CampaignSummaryJson,
} from "@/queries/campaigns.ts";
import { useCreditsRemaining } from "@/queries/credits.ts";
import { useCampaignsArea } from "../campaignsBase.ts";
import { placeOfIssue } from "../editor/issues.ts";
import { isFutureDate, missingCredits, progressPercent } from "./sending.ts";
import { UnsentRecipients } from "./UnsentRecipients.tsx";

/**
 * Summary and send (spec §2): who the campaign goes to, who is left out and why, the credits it needs against
 * those left, what keeps it from being sent (each with a link to its field); "Send now" or "Schedule" (a date and
 * time in the event's time zone) after a confirmation stating the messages and credits; a scheduled one can be
 * cancelled; while it is sent, its progress (read every 2 s); once sent, a link to its statistics.
 */
export function CampaignSend({ campaign }: { campaign: CampaignJson }) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base, canEdit, statisticsOf } = useCampaignsArea();
  const isPending = campaign.state === "pending";
  const summary = useCampaignSummary(accountId, event.id, campaign.id);
  const credits = useCreditsRemaining(accountId, "campaign");
  const send = useSendCampaign(accountId, event.id);
  const cancel = useCancelCampaign(accountId, event.id);
  const [sendAt, setSendAt] = useState(() => toZonedInput(campaign.sendAt, event.timezone));
  const [confirming, setConfirming] = useState<"now" | "schedule" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const left = credits.data?.remaining;
  const required = summary.data?.creditsRequired ?? 0;
  const missing = missingCredits(required, left);
  const scheduledIso = fromZonedInput(sendAt, event.timezone);
  const canSchedule = isFutureDate(scheduledIso ? new Date(scheduledIso) : null, new Date());
  // The send also needs a sender (the API refuses it without one); the summary lists the content's issues.
  const issues = [
    ...(campaign.fromEmail
      ? []
      : [{ field: "fromEmail", code: "required", message: t("campaigns.send.fromEmailRequired") }]),
    ...(summary.data?.issues ?? []),
  ];
  const hasIssues = issues.length > 0;

  /** Sends or schedules; a refusal (not enough credits: the missing amount in its words) stays in the dialog. */
  async function confirmSend(mode: "now" | "schedule") {
    try {
      const answer = await send.mutateAsync({
        id: campaign.id,
        ...(mode === "schedule" && scheduledIso ? { sendAt: scheduledIso } : {}),
      });
      notifySuccess(
        answer.state === "scheduled" ? t("campaigns.send.scheduledNotice") : t("campaigns.send.startedNotice"),
      );
    } finally {
      // Counted again: a refusal for content issues lists them here, a send shows its recipients.
      void summary.refetch();
    }
  }

  return (
    <Stack gap="md">
      <FailureAlert message={failure} />
      <ScreenAlerts loadError={summary.error} onRetry={() => void summary.refetch()} />
      {campaign.sendError && (
        <Alert color="orange" variant="light" role="alert">
          {campaign.sendError === "not_enough_credits"
            ? t(campaign.state === "sending" ? "campaigns.send.pausedCredits" : "campaigns.send.notStartedCredits")
            : t("campaigns.send.notStarted", {
                reason: i18n.exists(`errors:${campaign.sendError}`)
                  ? t(`errors:${campaign.sendError}` as "errors:internal_error")
                  : t("errors:internal_error"),
              })}
        </Alert>
      )}
      {campaign.state !== "pending" && <SendState campaign={campaign} statisticsUrl={statisticsOf(campaign.id)} />}
      {campaign.state === "scheduled" && canEdit && (
        <Group>
          <Button
            variant="default"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(campaign.id, {
                onSuccess: () => notifySuccess(t("campaigns.send.cancelledNotice")),
                onError: (error) => setFailure(errorMessage(error, t)),
              })
            }
          >
            {t("campaigns.send.cancelSchedule")}
          </Button>
        </Group>
      )}
      {summary.data && isPending && (
        <>
          <Audience summary={summary.data} />
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-credits-title">
            <Title order={3} size="h5" id="campaign-credits-title" mb="xs">
              {t("campaigns.send.credits")}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <Text size="sm">{t("campaigns.send.creditsRequired", { count: required })}</Text>
              <Text size="sm">
                {left === undefined
                  ? t("campaigns.send.creditsUnknown")
                  : t("campaigns.send.creditsLeft", { count: left })}
              </Text>
            </SimpleGrid>
            {missing > 0 && (
              <Alert color="red" variant="light" mt="sm" role="alert">
                {t("campaigns.send.missingCredits", { count: missing })}
              </Alert>
            )}
          </Paper>
          <Issues issues={issues} editorUrl={`${base}/${campaign.id}`} />
          {canEdit && (
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-send-title">
              <Title order={3} size="h5" id="campaign-send-title" mb="xs">
                {t("campaigns.send.title")}
              </Title>
              <Group align="flex-end" gap="sm">
                <Button
                  disabled={hasIssues || summary.data.recipients === 0 || missing > 0}
                  onClick={() => setConfirming("now")}
                >
                  {t("campaigns.send.now")}
                </Button>
                <TextInput
                  type="datetime-local"
                  label={t("campaigns.send.sendAt")}
                  description={t("campaigns.send.sendAtHelp", { timeZone: event.timezone })}
                  value={sendAt}
                  onChange={(changed) => setSendAt(changed.currentTarget.value)}
                />
                <Button
                  variant="default"
                  disabled={hasIssues || !canSchedule || summary.data.recipients === 0}
                  onClick={() => setConfirming("schedule")}
                >
                  {t("campaigns.send.schedule")}
                </Button>
              </Group>
              {hasIssues && (
                <Text size="sm" c="dimmed" mt="xs">
                  {t("campaigns.send.mendFirst")}
                </Text>
              )}
            </Paper>
          )}
        </>
      )}
      {confirming && summary.data && (
        <ConfirmModal
          title={confirming === "now" ? t("campaigns.send.confirmNowTitle") : t("campaigns.send.confirmScheduleTitle")}
          message={
            confirming === "now"
              ? t("campaigns.send.confirmNow", { count: summary.data.recipients, credits: required })
              : t("campaigns.send.confirmSchedule", {
                  count: summary.data.recipients,
                  credits: required,
                  date: scheduledIso ? formatDateTime(scheduledIso, i18n.language, event.timezone) : "",
                })
          }
          confirmLabel={confirming === "now" ? t("campaigns.send.now") : t("campaigns.send.schedule")}
          isDestructive={false}
          onConfirm={() => confirmSend(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
}

/** Who it goes to, and who it leaves out by reason (spec §5 words). */
function Audience({ summary }: { summary: CampaignSummaryJson }) {
  const { t } = useTranslation("web");
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-audience-title">
      <Title order={3} size="h5" id="campaign-audience-title" mb="xs">
        {t("campaigns.send.audience")}
      </Title>
      <Text size="sm" data-testid="campaign-recipients">
        {t("campaigns.send.recipients", { count: summary.recipients, matched: summary.matched })}
      </Text>
      <Table mt="xs" maw={480} withRowBorders={false} captionSide="top">
        <Table.Caption>{t("campaigns.send.excludedCaption")}</Table.Caption>
        <Table.Tbody>
          {CAMPAIGN_EXCLUSIONS.map((reason) => (
            <Table.Tr key={reason}>
              <Table.Th scope="row" fw={400}>
                {t(`campaigns.exclusions.${reason}`)}
              </Table.Th>
              <Table.Td ta="right">{summary.excluded[reason]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** What keeps it from being sent, each with a link to the editor at its field's language. */
function Issues({ issues, editorUrl }: { issues: CampaignSummaryJson["issues"]; editorUrl: string }) {
  const { t } = useTranslation("web");
  if (!issues.length) {
    return (
      <Alert color="green" variant="light">
        {t("campaigns.send.ready")}
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" title={t("campaigns.send.issues")}>
      <List size="sm" spacing={4}>
        {issues.map((issue) => {
          const place = placeOfIssue(issue.field);
          const where =
            place.area === "subject"
              ? t("campaigns.fields.subject")
              : issue.field === "fromEmail"
                ? t("campaigns.fields.fromEmail")
                : place.language
                  ? place.blockIndex !== null
                    ? t("campaigns.send.issueAtBlock", {
                        language: t(`languages.${place.language}`),
                        position: place.blockIndex + 1,
                      })
                    : t(`languages.${place.language}`)
                  : t("campaigns.editor.content");
          return (
            <List.Item key={issue.field + issue.code}>
              <Anchor
                component={Link}
                to={`${editorUrl}?${new URLSearchParams({ field: issue.field }).toString()}`}
                size="sm"
              >
                {where}
              </Anchor>
              {": "}
              {issue.message}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

/** A scheduled, sending or sent campaign: when, how far, and the statistics once sent. */
function SendState({ campaign, statisticsUrl }: { campaign: CampaignJson; statisticsUrl: string }) {
  const { t, i18n } = useTranslation("web");
  const { event } = useCampaignsArea();
  const percent = progressPercent(campaign.progress);
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, i18n.language, event.timezone) : "");
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-state-title">
      <Title order={3} size="h5" id="campaign-state-title" mb="xs">
        {t(`campaigns.states.${campaign.state}`)}
      </Title>
      {campaign.state === "scheduled" && (
        <Text size="sm">{t("campaigns.send.scheduledFor", { date: when(campaign.sendAt) })}</Text>
      )}
      {campaign.state === "sending" && (
        <Stack gap={4}>
          <Progress value={percent} aria-label={t("campaigns.send.progress")} animated />
          <Text size="sm" aria-live="polite">
            {t("campaigns.send.progressText", {
              percent,
              sent: campaign.progress?.sent ?? 0,
              total: campaign.progress?.total ?? campaign.recipientsCount ?? 0,
            })}
          </Text>
        </Stack>
      )}
      {campaign.state === "sent" && (
        <Stack gap={4}>
          <Text size="sm">{t("campaigns.send.sentOn", { date: when(campaign.finishedAt ?? campaign.sentAt) })}</Text>
          {campaign.progress && (
            <Text size="sm">
              {t("campaigns.send.sentFigures", {
                sent: campaign.progress.sent,
                failed: campaign.progress.failed,
                bounced: campaign.progress.bounced,
              })}
            </Text>
          )}
          <Anchor component={Link} to={statisticsUrl} size="sm">
            {t("campaigns.send.statistics")}
          </Anchor>
        </Stack>
      )}
      {(campaign.state === "sending" || campaign.state === "sent") && <UnsentRecipients campaign={campaign} />}
    </Paper>
  );
}
