import { Button, Center, EmptyState, Loader, Stack, Text } from "@mantine/core";
import { isApiError } from "@tessera/shared/client";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useDeliverability } from "@/queries/campaignStatistics.ts";
import { useCurrentEvent } from "../../events/EventContext.ts";
import { useEventsBase } from "../../events/EventsBase.ts";
import { ManageNotFoundScreen } from "../../shell/ManageNotFoundScreen.tsx";
import { CampaignHeadlines } from "./CampaignHeadlines.tsx";

/** Where a campaign's statistics are, in the event on screen. */
export function useCampaignStatisticsLink() {
  const { event } = useCurrentEvent();
  const eventsBase = useEventsBase();
  return (campaignId: string) => `${eventsBase}/${event.id}/statistics/campaigns/${campaignId}`;
}

/**
 * statistics/campaigns: the event's sent campaigns (and one being sent) with their headline figures, each
 * opening its statistics; read again every 10 s while one is being sent.
 */
export function CampaignsStatistics() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const deliverability = useDeliverability(accountId, event.id);
  const statisticsOf = useCampaignStatisticsLink();
  if (isApiError(deliverability.error) && deliverability.error.status === 404) return <ManageNotFoundScreen />;
  if (deliverability.error) return <FailureAlert message={errorMessage(deliverability.error, t)} />;
  if (!deliverability.data) {
    return (
      <Center p="xl">
        <Loader aria-label={t("statistics.tabs.campaigns")} />
      </Center>
    );
  }
  if (deliverability.data.campaigns.length === 0) return <NoCampaignSent />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("statistics.campaigns.intro")}
      </Text>
      <CampaignHeadlines
        campaigns={deliverability.data.campaigns}
        statisticsOf={statisticsOf}
        timezone={event.timezone}
        caption={t("statistics.campaigns.caption")}
      />
    </Stack>
  );
}

/** No campaign of the event was sent: nothing to count, and where to write one. */
export function NoCampaignSent() {
  const { t } = useTranslation("web");
  const { event } = useCurrentEvent();
  const eventsBase = useEventsBase();
  return (
    <EmptyState
      mt="xl"
      variant="light"
      title={t("statistics.campaigns.empty.title")}
      description={t("statistics.campaigns.empty.text")}
      data-testid="campaigns-none-sent"
    >
      <EmptyState.Actions>
        <Button component={Link} to={`${eventsBase}/${event.id}/campaigns`}>
          {t("statistics.campaigns.empty.open")}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
