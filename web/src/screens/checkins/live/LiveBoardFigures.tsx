import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { LiveScan } from "@tessera/shared/schemas/checkinLive";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ChartFigures } from "@/components/ChartFigures.tsx";
import type { CheckinJson } from "@/queries/checkins.ts";
import type { DeskThroughput, MinuteBucket } from "@/queries/checkinLiveFigures.ts";

/*
 * The live board's figures. A chart is a drawing only (aria-hidden, recharts' accessibility layer off); its
 * figures are a table, visually hidden, which is what screen readers read.
 */

function timeOf(value: string | number, language: string, withSeconds = false): string {
  return new Intl.DateTimeFormat(language, {
    hour: "2-digit",
    minute: "2-digit",
    second: withSeconds ? "2-digit" : undefined,
  }).format(new Date(value));
}

/** Arrivals in each of the last 30 minutes: bars, and a table for screen readers. */
export function ArrivalsFigures({ buckets }: { buckets: MinuteBucket[] }) {
  const { t, i18n } = useTranslation("web");
  const titleId = useId();
  const total = buckets.reduce((sum, bucket) => sum + bucket.arrivals, 0);
  const rows = buckets.map((bucket) => ({ minute: timeOf(bucket.start, i18n.language), arrivals: bucket.arrivals }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="live-arrivals">
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t("checkinLive.arrivals.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("checkinLive.arrivals.total", { count: total })}
          </Text>
        </div>
        <ChartFigures
          chart={
            <BarChart
              h={200}
              data={rows}
              dataKey="minute"
              series={[{ name: "arrivals", label: t("checkinLive.arrivals.count"), color: "teal.6" }]}
              xAxisProps={{ interval: "preserveStartEnd", minTickGap: 24 }}
              yAxisProps={{ allowDecimals: false, width: 32 }}
              gridAxis="y"
              withTooltip={false}
              barChartProps={{ accessibilityLayer: false }}
            />
          }
          caption={t("checkinLive.arrivals.title")}
          columns={[t("checkinLive.arrivals.minute"), t("checkinLive.arrivals.count")]}
          rows={rows.map((row) => ({ key: row.minute, cells: [row.minute, row.arrivals] }))}
        />
      </Stack>
    </Paper>
  );
}

/** Each desk's scans per minute over the last 10 minutes. */
export function DeskThroughputFigures({ desks }: { desks: DeskThroughput[] }) {
  const { t, i18n } = useTranslation("web");
  const titleId = useId();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="live-desks">
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {t("checkinLive.desks.title")}
        </Title>
        {desks.length === 0 ? (
          <Text size="sm">{t("checkinLive.desks.none")}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("checkinLive.desks.desk")}</Table.Th>
                <Table.Th scope="col">{t("checkinLive.desks.perMinute")}</Table.Th>
                <Table.Th scope="col">{t("checkinLive.desks.scans")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {desks.map((desk) => (
                <Table.Tr key={desk.desk ?? ""}>
                  <Table.Th scope="row" style={{ overflowWrap: "anywhere" }}>
                    {desk.desk ?? t("checkinLive.noDesk")}
                  </Table.Th>
                  <Table.Td>{format.format(desk.perMinute)}</Table.Td>
                  <Table.Td>{desk.scans}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** A badge whose words wrap on a narrow screen rather than being cut off. */
const WRAPPING = {
  root: { height: "auto", maxWidth: "100%" },
  label: { whiteSpace: "normal", overflow: "visible", textOverflow: "clip" },
} as const;

const RESULT_COLORS: Record<string, string> = { ok: "green", already_checked_in: "orange", repeated: "gray" };

/** The result of a scan in words and colour: Welcome (green), Exit recorded (blue), Already checked in (orange)… */
function ScanResult({ scan }: { scan: LiveScan }) {
  const { t } = useTranslation("web");
  const isExit = scan.result === "ok" && scan.direction === "out";
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={isExit ? "blue" : (RESULT_COLORS[scan.result] ?? "red")} variant="filled" styles={WRAPPING}>
        {t(isExit ? "desk.result.exit" : `desk.result.${scan.result}`)}
      </Badge>
      {scan.forced && (
        <Badge color="grape" variant="outline" styles={WRAPPING}>
          {t("desk.result.forced")}
        </Badge>
      )}
      {scan.flagged && (
        <Badge color="red" variant="outline" styles={WRAPPING}>
          {t("desk.result.flagged")}
        </Badge>
      )}
    </Group>
  );
}

/** The last 20 scans, newest first: time, guest, desk (and session), result. */
export function LastScansTable({
  scans,
  sessions,
  showSession,
}: {
  scans: LiveScan[];
  sessions: CheckinJson[];
  showSession: boolean;
}) {
  const { t, i18n } = useTranslation("web");
  const titleId = useId();
  const names = new Map(sessions.map((session) => [session.id, session.name]));
  return (
    <Paper
      withBorder
      p={{ base: "xs", sm: "md" }}
      component="section"
      aria-labelledby={titleId}
      data-testid="live-last-scans"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {t("checkinLive.lastScans.title")}
        </Title>
        {scans.length === 0 ? (
          <Text size="sm">{t("checkinLive.lastScans.none")}</Text>
        ) : (
          <Table striped verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("checkinLive.lastScans.time")}</Table.Th>
                <Table.Th scope="col">{t("checkinLive.lastScans.guestAtDesk")}</Table.Th>
                <Table.Th scope="col">{t("checkinLive.lastScans.result")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {scans.map((scan) => (
                <Table.Tr key={scan.id} data-testid="live-scan">
                  <Table.Td>{timeOf(scan.scannedAt, i18n.language, true)}</Table.Td>
                  <Table.Td style={{ overflowWrap: "break-word" }}>
                    <div>{scan.guestName ?? t("checkinLive.lastScans.unknownGuest")}</div>
                    <Text size="xs" c="dimmed">
                      <span>{scan.desk ?? t("checkinLive.noDesk")}</span>
                      {showSession && names.has(scan.checkinId) && <span> · {names.get(scan.checkinId)}</span>}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ScanResult scan={scan} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
