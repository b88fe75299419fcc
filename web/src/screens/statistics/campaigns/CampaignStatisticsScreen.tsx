import { Alert, Anchor, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { CampaignState } from "@tessera/shared/rules/campaigns";
import { isApiError } from "@tessera/shared/client";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { BackLink } from "@/components/BackLink.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useCampaignStatistics, type CampaignStatisticsJson } from "@/queries/campaignStatistics.ts";
import { CampaignStateBadge } from "../../campaigns/CampaignStateBadge.tsx";
import { useCurrentEvent } from "../../events/EventContext.ts";
import { useEventsBase } from "../../events/EventsBase.ts";
import { ManageNotFoundScreen } from "../../shell/ManageNotFoundScreen.tsx";
import { CampaignFunnel, OpensOverTime } from "./CampaignCharts.tsx";
import { CampaignFigureCards } from "./CampaignFigureCards.tsx";
import { CampaignLinks } from "./CampaignLinks.tsx";
import { CampaignRecipientsTable } from "./CampaignRecipientsTable.tsx";

/**
 * statistics/campaigns/:campaignId: one campaign's figures (people's opens and clicks apart from machines'),
 * from recipients to clicks, opens and clicks over time, its links and its recipients with their mail status;
 * read again every 2 s while it is being sent (its recipients every 10 s).
 */
export function CampaignStatisticsScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { campaignId = "" } = useParams();
  const { accountId, event } = useCurrentEvent();
  const eventsBase = useEventsBase();
  const statistics = useCampaignStatistics(accountId, event.id, campaignId);
  if (isApiError(statistics.error) && [404, 422].includes(statistics.error.status)) return <ManageNotFoundScreen />;
  return (
    <Stack gap="lg">
      <BackLink to={`${eventsBase}/${event.id}/statistics/campaigns`}>{t("statistics.campaigns.back")}</BackLink>
      {statistics.error ? (
        <FailureAlert message={errorMessage(statistics.error, t)} />
      ) : !statistics.data ? (
        <Center p="xl">
          <Loader aria-label={t("statistics.tabs.campaigns")} />
        </Center>
      ) : (
        <Figures statistics={statistics.data} accountId={accountId} eventId={event.id} timezone={event.timezone} />
      )}
    </Stack>
  );
}

function Figures({
  statistics,
  accountId,
  eventId,
  timezone,
}: {
  statistics: CampaignStatisticsJson;
  accountId: string;
  eventId: string;
  timezone: string;
}) {
  const { t, i18n } = useTranslation("web");
  const eventsBase = useEventsBase();
  const { campaign } = statistics;
  const sending = campaign.state === "sending";
  return (
    <>
      <div>
        <Group gap="sm" align="center">
          <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
            {campaign.name}
          </Title>
          <CampaignStateBadge state={campaign.state as CampaignState} />
        </Group>
        <Text size="sm" c="dimmed">
          {[
            t(`campaigns.types.${campaign.type}`),
            campaign.startedAt
              ? t("statistics.campaigns.startedAt", {
                  date: formatDateTime(campaign.startedAt, i18n.language, timezone),
                })
              : t("statistics.campaigns.notStarted"),
          ].join(" · ")}
        </Text>
      </div>
      {sending && (
        <Alert color="orange" variant="light" data-testid="campaign-sending">
          {t("statistics.campaigns.sending")}{" "}
          <Anchor component={Link} to={`${eventsBase}/${eventId}/campaigns/${campaign.id}/send`} size="sm">
            {t("statistics.campaigns.seeProgress")}
          </Anchor>
        </Alert>
      )}
      <CampaignFigureCards figures={statistics.figures} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <CampaignFunnel figures={statistics.figures} />
        <OpensOverTime statistics={statistics} timezone={timezone} />
      </SimpleGrid>
      <CampaignLinks links={statistics.links} />
      <CampaignRecipientsTable
        accountId={accountId}
        eventId={eventId}
        campaignId={campaign.id}
        timezone={timezone}
        sending={sending}
      />
    </>
  );
}
