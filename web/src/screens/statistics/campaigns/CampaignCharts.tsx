import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ChartFigures } from "@/components/ChartFigures.tsx";
import type { CampaignStatisticsJson } from "@/queries/campaignStatistics.ts";
import { FiguresPanel } from "../CheckinFigureCharts.tsx";
import { formatRate, funnelRows, rateOf, timelineRows, type FunnelStep } from "./campaignFigures.ts";

/*
 * A campaign's charts: from recipients to clicks (a bar a step), and people's opens and clicks over time with
 * machines' opens apart (a dashed line). Each chart is a drawing only; its figures are a table screen readers read.
 */

const STEP_COLORS: Record<FunnelStep, string> = {
  recipients: "gray.5",
  sent: "blue.4",
  delivered: "blue.6",
  openedByPeople: "teal.6",
  clicked: "grape.6",
};

/** Recipients, sent, delivered, opened by people, clicked: each step's messages and its share of the recipients. */
export function CampaignFunnel({ figures }: { figures: CampaignStatisticsJson["figures"] }) {
  const { t, i18n } = useTranslation("web");
  const number = new Intl.NumberFormat(i18n.language);
  const rows = funnelRows(figures).map((row) => ({
    ...row,
    label: t(`statistics.campaigns.funnel.steps.${row.step}`),
    share: formatRate(rateOf(row.count, figures.recipients), i18n.language),
  }));
  return (
    <FiguresPanel title={t("statistics.campaigns.funnel.title")} testId="campaign-funnel">
      <ChartFigures
        chart={
          <BarChart
            h={rows.length * 40 + 30}
            data={rows.map((row) => ({ step: row.label, count: row.count, color: STEP_COLORS[row.step] }))}
            dataKey="step"
            orientation="vertical"
            series={[{ name: "count", label: t("statistics.campaigns.funnel.count"), color: "blue.6" }]}
            yAxisProps={{ width: 130 }}
            xAxisProps={{ allowDecimals: false }}
            gridAxis="x"
            withTooltip={false}
            withBarValueLabel
            valueLabelProps={{ formatter: (value: unknown) => number.format(Number(value)) }}
            barChartProps={{ accessibilityLayer: false, margin: { right: 56 } }}
          />
        }
        caption={t("statistics.campaigns.funnel.title")}
        columns={[
          t("statistics.campaigns.funnel.step"),
          t("statistics.campaigns.funnel.count"),
          t("statistics.campaigns.funnel.share"),
        ]}
        rows={rows.map((row) => ({ key: row.step, cells: [row.label, number.format(row.count), row.share] }))}
      />
    </FiguresPanel>
  );
}

/** People's opens and clicks, and machines' opens apart, by hour over the first two days, then by day. */
export function OpensOverTime({ statistics, timezone }: { statistics: CampaignStatisticsJson; timezone: string }) {
  const { t, i18n } = useTranslation("web");
  const { timeline } = statistics;
  const rows = timelineRows(timeline, timezone, i18n.language);
  const series = [
    { name: "opens", label: t("statistics.campaigns.timeline.opens"), color: "teal.6" },
    { name: "clicks", label: t("statistics.campaigns.timeline.clicks"), color: "grape.6" },
    {
      name: "machineOpens",
      label: t("statistics.campaigns.timeline.machineOpens"),
      color: "gray.6",
      strokeDasharray: "5 5",
    },
  ];
  return (
    <FiguresPanel
      title={t("statistics.campaigns.timeline.title")}
      subtitle={[
        rows.length > 0 ? t(`statistics.campaigns.timeline.every.${timeline.bucket}`) : null,
        t("statistics.campaigns.timeline.timezone", { timezone }),
      ]
        .filter(Boolean)
        .join(" · ")}
      testId="campaign-timeline"
    >
      {rows.length === 0 ? (
        <Text size="sm">{t("statistics.campaigns.timeline.none")}</Text>
      ) : (
        <ChartFigures
          chart={
            <LineChart
              h={260}
              data={rows}
              dataKey="label"
              series={series}
              xAxisProps={{ interval: "preserveStartEnd", minTickGap: 24 }}
              yAxisProps={{ allowDecimals: false, width: 36 }}
              gridAxis="y"
              withLegend
              withTooltip={false}
              curveType="linear"
              lineChartProps={{ accessibilityLayer: false }}
            />
          }
          caption={t("statistics.campaigns.timeline.title")}
          columns={[t("statistics.campaigns.timeline.time"), ...series.map((serie) => serie.label)]}
          rows={rows.map((row) => ({ key: row.key, cells: [row.label, row.opens, row.clicks, row.machineOpens] }))}
        />
      )}
    </FiguresPanel>
  );
}
