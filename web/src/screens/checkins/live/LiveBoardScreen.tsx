import { Badge, Group, Paper, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { checkinKeys, checkinStatsQuery, useCheckins } from "@/queries/checkins.ts";
import { useLiveScans, type LiveConnection } from "@/queries/checkinLive.ts";
import { useCheckinsArea } from "../CheckinsContext.ts";
import { ArrivalsFigures, DeskThroughputFigures, LastScansTable } from "./LiveBoardFigures.tsx";
import { arrivalsPerMinute, deskThroughput, estimateQueue, lastScans } from "@/queries/checkinLiveFigures.ts";

const ALL = "all";

/** The event's live board (issue 12 item 4): every session's scans or one session's, as they are made. */
export function LiveBoardScreen() {
  const { t, i18n } = useTranslation(["web", "errors"]);
  const { accountId, event } = useCheckinsArea();
  const [searchParams, setSearchParams] = useSearchParams();
  const sessions = useCheckins(accountId, event.id);
  const chosen = searchParams.get("session");
  const checkinId = chosen && sessions.data?.some((session) => session.id === chosen) ? chosen : null;
  const { scans, connection } = useLiveScans(accountId, event.id, checkinId);
  const now = useNow(15_000, scans);

  const shownSessions = (sessions.data ?? []).filter((session) => !checkinId || session.id === checkinId);
  const stats = useQueries({
    queries: shownSessions.map((session) => checkinStatsQuery(accountId, event.id, session.id)),
  });
  useStatsFollowScans(accountId, event.id, scans.size);
  const presentNow = stats.reduce((sum, query) => sum + (query.data?.presentNow ?? 0), 0);
  const checkedIn = stats.reduce((sum, query) => sum + (query.data?.checkedIn ?? 0), 0);
  const statsKnown = stats.length > 0 && stats.every((query) => query.data);

  const arrivals = useMemo(() => arrivalsPerMinute(scans.values(), now, 30), [scans, now]);
  const desks = useMemo(() => deskThroughput(scans.values(), now, 10), [scans, now]);
  const queue = useMemo(() => estimateQueue(scans.values(), now), [scans, now]);
  const recent = useMemo(() => lastScans(scans, 20), [scans]);
  const format = new Intl.NumberFormat(i18n.language);

  return (
    <Stack gap="md" data-testid="live-board">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label={t("checkinLive.sessionFilter")}
          data={[
            { value: ALL, label: t("checkinLive.allSessions") },
            ...(sessions.data ?? []).map((session) => ({ value: session.id, label: session.name })),
          ]}
          value={checkinId ?? ALL}
          allowDeselect={false}
          onChange={(value) => setSearchParams(value && value !== ALL ? { session: value } : {}, { replace: true })}
          w={{ base: "100%", xs: 320 }}
        />
        <ConnectionIndicator connection={connection} />
      </Group>
      <ScreenAlerts loadError={sessions.error} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure
          label={t("checkinLive.presentNow")}
          value={statsKnown ? format.format(presentNow) : "…"}
          testId="live-present"
        />
        <Figure
          label={t("checkinLive.checkedIn")}
          value={statsKnown ? format.format(checkedIn) : "…"}
          testId="live-checked-in"
        />
        <Figure
          label={t("checkinLive.queue")}
          value={queue.minutes > 0 ? t("checkinLive.queueMinutes", { count: queue.minutes }) : t("checkinLive.noQueue")}
          help={t("checkinLive.queueHelp", {
            rate: format.format(Math.round(queue.rate * 10) / 10),
            capacity: format.format(queue.capacity),
          })}
          testId="live-queue"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ArrivalsFigures buckets={arrivals} />
        <DeskThroughputFigures desks={desks} />
      </SimpleGrid>
      <LastScansTable scans={recent} sessions={sessions.data ?? []} showSession={!checkinId} />
    </Stack>
  );
}

function Figure({ label, value, help, testId }: { label: string; value: string; help?: string; testId: string }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2}>
        {value}
      </Text>
      {help && (
        <Text size="xs" c="dimmed">
          {help}
        </Text>
      )}
    </Paper>
  );
}

/** Live or reconnecting, said politely to screen readers when it changes. */
function ConnectionIndicator({ connection }: { connection: LiveConnection }) {
  const { t } = useTranslation("web");
  const color = connection === "live" ? "green" : connection === "reconnecting" ? "orange" : "gray";
  return (
    <div role="status" aria-live="polite" data-testid="live-connection" data-connection={connection}>
      <Badge color={color} variant="light" size="lg">
        {t(`checkinLive.connection.${connection}`)}
      </Badge>
    </div>
  );
}

/** `Date.now()`, read again every `interval` ms and whenever `dependency` changes. */
function useNow(interval: number, dependency: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval, dependency]);
  return now;
}

/** Reads the sessions' figures again after new scans, at most every 5 s. */
function useStatsFollowScans(accountId: string, eventId: string, scanCount: number) {
  const queryClient = useQueryClient();
  const last = useRef(0);
  useEffect(() => {
    if (scanCount === 0) return;
    const wait = Math.max(0, last.current + 5_000 - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: checkinKeys.allStats(accountId, eventId) });
    }, wait);
    return () => clearTimeout(timer);
  }, [queryClient, accountId, eventId, scanCount]);
}
