import "@mantine/charts/styles.css";
import { BarChart, DonutChart } from "@mantine/charts";
import { ColorSwatch, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AttendanceStatisticsJson, QuestionFiguresJson } from "@/queries/statistics.ts";
import {
  answerRows,
  formatShare,
  shareOf,
  statusRows,
  type FigureRow,
  type FiguresDisplay,
} from "./attendanceFigures.ts";

/*
 * The charts of the Statistics screen. A chart is a drawing only (aria-hidden, no keyboard focus: recharts'
 * accessibility layer off); its figures are a table beside it, visible or visually hidden, which is what
 * screen readers read.
 */

/** The event's guests by status: a ring, and its legend as a table (status, guests, share). */
export function AttendanceFigures({
  statistics,
  display,
}: {
  statistics: AttendanceStatisticsJson;
  display: FiguresDisplay;
}) {
  const { t, i18n } = useTranslation("web");
  const titleId = useId();
  const rows = statusRows(statistics, (status) => t(`guests.status.${status}`));
  const drawn = rows.filter((row) => row.count > 0);
  const table = (
    <FiguresTable
      rows={rows}
      caption={t("statistics.attendance.caption")}
      header={t("statistics.attendance.status")}
      withSwatches={display === "charts"}
    />
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="attendance-figures">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t("statistics.attendance.title")}
          </Title>
          <Text size="sm" c="dimmed" data-testid="attendance-guests">
            {t("statistics.attendance.guests", { count: statistics.guests })}
          </Text>
        </div>
        {statistics.guests === 0 ? (
          <Text size="sm">{t("statistics.attendance.noGuests")}</Text>
        ) : display === "charts" ? (
          <Group align="center" gap="xl" wrap="wrap">
            <div aria-hidden="true">
              <DonutChart
                data={drawn.map((row) => ({ name: row.label, value: row.count, color: row.color }))}
                size={180}
                thickness={28}
                withTooltip={false}
                chartLabel={new Intl.NumberFormat(i18n.language).format(statistics.guests)}
                pieChartProps={{ accessibilityLayer: false }}
                pieProps={{ rootTabIndex: -1 }}
              />
            </div>
            <div style={{ flex: "1 1 280px", minWidth: 0 }}>{table}</div>
          </Group>
        ) : (
          table
        )}
      </Stack>
    </Paper>
  );
}

/** One question: how many answered, then each answer's guests and "no answer", as bars or a table. */
export function QuestionFigures({
  question,
  population,
  display,
}: {
  question: QuestionFiguresJson;
  population: number;
  display: FiguresDisplay;
}) {
  const { t, i18n } = useTranslation("web");
  const titleId = useId();
  const rows = answerRows(question, population, t("statistics.questions.noAnswer"));
  const table = <FiguresTable rows={rows} caption={question.label} header={t("statistics.questions.answer")} />;
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="question-figures">
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId} style={{ overflowWrap: "anywhere" }}>
          {question.label}
        </Title>
        <Text size="sm" c="dimmed">
          {t("statistics.questions.answered", { count: question.answered })}
          {question.type === "multiple_choice" && ` · ${t("statistics.questions.several")}`}
        </Text>
        {display === "charts" ? (
          <>
            <div aria-hidden="true">
              <BarChart
                h={Math.max(110, rows.length * 36 + 30)}
                data={rows.map((row) => ({ answer: row.label, count: row.count, color: row.color }))}
                dataKey="answer"
                orientation="vertical"
                series={[{ name: "count", label: t("statistics.attendance.count"), color: "blue.6" }]}
                yAxisProps={{ width: 140 }}
                xAxisProps={{ allowDecimals: false }}
                gridAxis="x"
                withTooltip={false}
                withBarValueLabel
                valueLabelProps={{
                  formatter: (value: unknown) =>
                    `${format.format(Number(value))} · ${formatShare(shareOf(Number(value), population), i18n.language)}`,
                }}
                barChartProps={{ accessibilityLayer: false, margin: { right: 72 } }}
              />
            </div>
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        ) : (
          table
        )}
      </Stack>
    </Paper>
  );
}

/** The figures as a table: what is counted, the guests, their share; a swatch of its colour as the chart's legend. */
function FiguresTable({
  rows,
  caption,
  header,
  withSwatches = false,
}: {
  rows: FigureRow[];
  caption: string;
  header: string;
  withSwatches?: boolean;
}) {
  const { t, i18n } = useTranslation("web");
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <Table verticalSpacing={4} striped={!withSwatches}>
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{header}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t("statistics.attendance.count")}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {t("statistics.attendance.share")}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={400}>
              <Group gap="xs" wrap="nowrap">
                {withSwatches && (
                  <ColorSwatch color={`var(--mantine-color-${row.color.replace(".", "-")})`} size={12} aria-hidden />
                )}
                <span style={{ overflowWrap: "anywhere" }}>{row.label}</span>
              </Group>
            </Table.Th>
            <Table.Td ta="right">{format.format(row.count)}</Table.Td>
            <Table.Td ta="right">{formatShare(row.share, i18n.language)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
