import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Center, Loader, SimpleGrid, Stack } from "@mantine/core";
import { isApiError } from "@tessera/shared/client";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { ChartFigures } from "@/components/ChartFigures.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useDeliverability, type DeliverabilityJson } from "@/queries/campaignStatistics.ts";
import { useCurrentEvent } from "../../events/EventContext.ts";
import { ManageNotFoundScreen } from "../../shell/ManageNotFoundScreen.tsx";
import { FiguresPanel } from "../CheckinFigureCharts.tsx";
import { formatDay, formatRate, rateOf } from "../campaigns/campaignFigures.ts";
import { CampaignHeadlines } from "../campaigns/CampaignHeadlines.tsx";
import { NoCampaignSent, useCampaignStatisticsLink } from "../campaigns/CampaignsStatistics.tsx";
import { FigureCard } from "../campaigns/FigureCard.tsx";

type DayFigure = keyof DeliverabilityJson["totals"];
const TOTALS: readonly DayFigure[] = [
  "sent",
  "delivered",
  "opened",
  "clicked",
  "bounced",
  "complaints",
  "unsubscribed",
];
/** Drawn day by day: what reached the inboxes and what went wrong (opens and clicks are in the table). */
const DRAWN: readonly { name: DayFigure; color: string }[] = [
  { name: "sent", color: "blue.4" },
  { name: "delivered", color: "teal.6" },
  { name: "bounced", color: "red.6" },
  { name: "complaints", color: "orange.6" },
  { name: "unsubscribed", color: "yellow.6" },
];

/**
 * statistics/deliverability: every campaign of the event added up — the totals with their rates, day by day
 * (the event's wall clock) as a chart with its table, and each campaign's headline figures; read again every
 * 10 s while one is being sent.
 */
export function DeliverabilityStatistics() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const deliverability = useDeliverability(accountId, event.id);
  const statisticsOf = useCampaignStatisticsLink();
  if (isApiError(deliverability.error) && deliverability.error.status === 404) return <ManageNotFoundScreen />;
  if (deliverability.error) return <FailureAlert message={errorMessage(deliverability.error, t)} />;
  if (!deliverability.data) {
    return (
      <Center p="xl">
        <Loader aria-label={t("statistics.tabs.deliverability")} />
      </Center>
    );
  }
  if (deliverability.data.campaigns.length === 0) return <NoCampaignSent />;
  return (
    <Stack gap="lg">
      <Totals totals={deliverability.data.totals} />
      <OverTime days={deliverability.data.days} timezone={event.timezone} />
      <FiguresPanel title={t("statistics.deliverability.campaigns")} testId="deliverability-campaigns">
        <CampaignHeadlines
          campaigns={deliverability.data.campaigns}
          statisticsOf={statisticsOf}
          timezone={event.timezone}
          caption={t("statistics.campaigns.caption")}
        />
      </FiguresPanel>
    </Stack>
  );
}

/** The event's messages added up, each with its share (of those sent, or of those delivered for people's doings). */
function Totals({ totals }: { totals: DeliverabilityJson["totals"] }) {
  const { t, i18n } = useTranslation("web");
  const number = new Intl.NumberFormat(i18n.language);
  const delivered = Math.max(totals.delivered, totals.sent - totals.bounced, 0);
  const note = (figure: DayFigure) => {
    if (figure === "sent") return undefined;
    const overDelivered = figure === "opened" || figure === "clicked" || figure === "unsubscribed";
    const rate = formatRate(rateOf(totals[figure], overDelivered ? delivered : totals.sent), i18n.language);
    return t(overDelivered ? "statistics.campaigns.figures.ofDelivered" : "statistics.campaigns.figures.ofSent", {
      rate,
    });
  };
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" data-testid="deliverability-totals">
      {TOTALS.map((figure) => (
        <FigureCard
          key={figure}
          testId={`deliverability-total-${figure}`}
          label={t(`statistics.deliverability.figures.${figure}`)}
          value={number.format(totals[figure])}
          note={note(figure)}
        />
      ))}
    </SimpleGrid>
  );
}

/** Day by day: messages sent, delivered, bounced, marked as spam, unsubscriptions; opens and clicks in the table. */
function OverTime({ days, timezone }: { days: DeliverabilityJson["days"]; timezone: string }) {
  const { t, i18n } = useTranslation("web");
  const rows = days.map((day) => ({ ...day, label: formatDay(day.day, i18n.language) }));
  const label = (figure: DayFigure) => t(`statistics.deliverability.figures.${figure}`);
  return (
    <FiguresPanel
      title={t("statistics.deliverability.title")}
      subtitle={t("statistics.deliverability.subtitle", { timezone })}
      testId="deliverability-days"
    >
      <ChartFigures
        chart={
          <BarChart
            h={280}
            data={rows}
            dataKey="label"
            series={DRAWN.map((serie) => ({ ...serie, label: label(serie.name) }))}
            xAxisProps={{ interval: "preserveStartEnd", minTickGap: 24 }}
            yAxisProps={{ allowDecimals: false, width: 44 }}
            gridAxis="y"
            withLegend
            withTooltip={false}
            maxBarWidth={24}
            barChartProps={{ accessibilityLayer: false }}
          />
        }
        caption={t("statistics.deliverability.title")}
        columns={[t("statistics.deliverability.day"), ...TOTALS.map(label)]}
        rows={rows.map((row) => ({ key: row.day, cells: [row.label, ...TOTALS.map((figure) => row[figure])] }))}
      />
    </FiguresPanel>
  );
}
