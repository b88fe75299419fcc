import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ScanRefusal } from "@tessera/shared/rules/checkinStatistics";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChartFigures } from "@/components/ChartFigures.tsx";
import type { CheckinStatisticsJson } from "@/queries/statistics.ts";
import { arrivalRows, refusalRows } from "./checkinFigures.ts";

/*
 * The charts of the Statistics screen's check-in part. A chart is a drawing only (ChartFigures: aria-hidden,
 * recharts' accessibility layer off); its figures are a table beside it that screen readers read.
 */

/** A titled part of the screen: its title, a line under it, then its figures or what says there are none. */
export function FiguresPanel({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle?: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Guests let in over time, a bar a bucket of the event's wall clock. */
export function ArrivalsOverTime({ statistics }: { statistics: CheckinStatisticsJson }) {
  const { t, i18n } = useTranslation("web");
  const { arrivals, timezone } = statistics;
  const rows = arrivalRows(arrivals, timezone, i18n.language);
  return (
    <FiguresPanel
      title={t("statistics.checkin.arrivals.title")}
      subtitle={[
        t("statistics.checkin.arrivals.total", { count: arrivals.total }),
        arrivals.total > 0 ? t(`statistics.checkin.arrivals.every.${arrivals.bucket}`) : null,
        t("statistics.checkin.timezone", { timezone }),
      ]
        .filter(Boolean)
        .join(" · ")}
      testId="checkin-arrivals"
    >
      {rows.length === 0 ? (
        <Text size="sm">{t("statistics.checkin.arrivals.none")}</Text>
      ) : (
        <ChartFigures
          chart={
            <BarChart
              h={240}
              data={rows.map((row) => ({ time: row.label, arrivals: row.arrivals }))}
              dataKey="time"
              series={[{ name: "arrivals", label: t("statistics.checkin.arrivals.count"), color: "teal.6" }]}
              xAxisProps={{ interval: "preserveStartEnd", minTickGap: 24 }}
              yAxisProps={{ allowDecimals: false, width: 36 }}
              gridAxis="y"
              withTooltip={false}
              // A bucket or two would otherwise stretch across the whole chart.
              maxBarWidth={56}
              barChartProps={{ accessibilityLayer: false }}
            />
          }
          caption={t("statistics.checkin.arrivals.title")}
          columns={[t("statistics.checkin.arrivals.time"), t("statistics.checkin.arrivals.count")]}
          rows={rows.map((row) => ({ key: row.key, cells: [row.label, row.arrivals] }))}
        />
      )}
    </FiguresPanel>
  );
}

/** What each desk did: entries, exits and refused attempts, a stacked bar a desk. */
export function DeskFigures({ desks }: { desks: CheckinStatisticsJson["desks"] }) {
  const { t } = useTranslation("web");
  const rows = desks.map((desk) => ({ ...desk, name: desk.desk ?? t("checkinLive.noDesk") }));
  const series = [
    { name: "entries", label: t("statistics.checkin.figures.entries"), color: "teal.6" },
    { name: "exits", label: t("statistics.checkin.figures.exits"), color: "blue.5" },
    { name: "refused", label: t("statistics.checkin.figures.refused"), color: "red.6" },
  ];
  return (
    <FiguresPanel title={t("statistics.checkin.desks.title")} testId="checkin-desks">
      {rows.length === 0 ? (
        <Text size="sm">{t("statistics.checkin.desks.none")}</Text>
      ) : (
        <ChartFigures
          chart={
            <BarChart
              h={Math.max(120, rows.length * 40 + 60)}
              data={rows}
              dataKey="name"
              type="stacked"
              orientation="vertical"
              series={series}
              yAxisProps={{ width: 120 }}
              xAxisProps={{ allowDecimals: false }}
              gridAxis="x"
              withLegend
              withTooltip={false}
              barChartProps={{ accessibilityLayer: false }}
            />
          }
          caption={t("statistics.checkin.desks.title")}
          columns={[t("statistics.checkin.desks.desk"), ...series.map((serie) => serie.label)]}
          rows={rows.map((row) => ({ key: row.desk ?? "", cells: [row.name, row.entries, row.exits, row.refused] }))}
        />
      )}
    </FiguresPanel>
  );
}

/** The refused attempts by reason: a bar a reason that happened, every reason in the table. */
export function RefusalFigures({ refusedBy }: { refusedBy: Readonly<Record<ScanRefusal, number>> }) {
  const { t } = useTranslation("web");
  const rows = refusalRows(refusedBy, (reason) => t(`desk.result.${reason}`));
  const drawn = rows.filter((row) => row.count > 0);
  return (
    <FiguresPanel title={t("statistics.checkin.refusals.title")} testId="checkin-refusals">
      {drawn.length === 0 ? (
        <Text size="sm">{t("statistics.checkin.refusals.none")}</Text>
      ) : (
        <ChartFigures
          chart={
            <BarChart
              h={Math.max(110, drawn.length * 36 + 30)}
              data={drawn.map((row) => ({ reason: row.label, count: row.count }))}
              dataKey="reason"
              orientation="vertical"
              series={[{ name: "count", label: t("statistics.checkin.refusals.count"), color: "red.6" }]}
              yAxisProps={{ width: 140 }}
              xAxisProps={{ allowDecimals: false }}
              gridAxis="x"
              withTooltip={false}
              barChartProps={{ accessibilityLayer: false }}
            />
          }
          caption={t("statistics.checkin.refusals.title")}
          columns={[t("statistics.checkin.refusals.reason"), t("statistics.checkin.refusals.count")]}
          rows={rows.map((row) => ({ key: row.reason, cells: [row.label, row.count] }))}
        />
      )}
    </FiguresPanel>
  );
}
