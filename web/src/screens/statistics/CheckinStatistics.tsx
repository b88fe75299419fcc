import { Button, Center, EmptyState, Loader, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useCheckins } from "@/queries/checkins.ts";
import { useCheckinStatistics, type CheckinStatisticsJson } from "@/queries/statistics.ts";
import { useCurrentEvent } from "../events/EventContext.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { hasScans, sessionTotals } from "./checkinFigures.ts";
import { ArrivalsOverTime, DeskFigures, RefusalFigures } from "./CheckinFigureCharts.tsx";
import { CheckinSummary, SessionFigures } from "./CheckinSessionFigures.tsx";

const EVERY_SESSION = "every-session";

/**
 * statistics/check-in: the check-in of every session or of one (`?session=`): who came in, the no-shows and
 * the refusals, the arrivals over time, each session's and each desk's figures, as charts with their tables.
 */
export function CheckinStatistics() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const [params, setParams] = useSearchParams();
  const checkinId = params.get("session");
  const sessions = useCheckins(accountId, event.id);
  const statistics = useCheckinStatistics(accountId, event.id, checkinId);

  if (isApiError(statistics.error) && statistics.error.status === 404) return <ManageNotFoundScreen />;
  if (statistics.data && !checkinId && statistics.data.sessions.length === 0) return <NoSessions />;
  const choices = [
    { value: EVERY_SESSION, label: t("checkinLive.allSessions") },
    ...(sessions.data ?? []).map((session) => ({ value: session.id, label: session.name })),
  ];
  // The session asked for is listed once its figures are read (its name comes with them).
  if (checkinId && !choices.some((choice) => choice.value === checkinId)) {
    choices.push({ value: checkinId, label: statistics.data?.sessions[0]?.name ?? "…" });
  }
  return (
    <Stack gap="lg">
      <Select
        label={t("statistics.checkin.session")}
        data={choices}
        value={checkinId ?? EVERY_SESSION}
        onChange={(value) => setParams(value && value !== EVERY_SESSION ? { session: value } : {}, { replace: true })}
        allowDeselect={false}
        w={{ base: "100%", sm: 360 }}
        comboboxProps={{ withinPortal: true }}
      />
      {statistics.error ? (
        <FailureAlert message={errorMessage(statistics.error, t)} />
      ) : !statistics.data ? (
        <Center p="xl">
          <Loader aria-label={t("statistics.tabs.checkin")} />
        </Center>
      ) : (
        <Figures statistics={statistics.data} />
      )}
    </Stack>
  );
}

function Figures({ statistics }: { statistics: CheckinStatisticsJson }) {
  const { t } = useTranslation("web");
  const totals = sessionTotals(statistics.sessions);
  return (
    <Stack gap="md">
      {!hasScans(statistics) && (
        <Text size="sm" c="dimmed" data-testid="checkin-no-scans">
          {t("statistics.checkin.empty.noScans")}
        </Text>
      )}
      <CheckinSummary totals={totals} />
      <ArrivalsOverTime statistics={statistics} />
      <SessionFigures sessions={statistics.sessions} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DeskFigures desks={statistics.desks} />
        <RefusalFigures refusedBy={totals.refusedBy} />
      </SimpleGrid>
    </Stack>
  );
}

/** The event has no check-in session: nothing to count, and where to make one. */
function NoSessions() {
  const { t } = useTranslation("web");
  return (
    <EmptyState
      mt="xl"
      variant="light"
      title={t("statistics.checkin.empty.noSessions")}
      description={t("statistics.checkin.empty.noSessionsText")}
      data-testid="checkin-no-sessions"
    >
      <EmptyState.Actions>
        <Button component={Link} to="../../checkins" relative="path">
          {t("statistics.checkin.empty.openCheckins")}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
