import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Box, Paper, SimpleGrid, Table, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SessionFiguresJson } from "@/queries/statistics.ts";
import type { SessionTotals } from "./checkinFigures.ts";
import { FiguresPanel } from "./CheckinFigureCharts.tsx";

/*
 * Each session's figures: the guests who came in and the no-shows as a stacked bar a session (a drawing only),
 * then every figure in a table everyone reads; and the figures of the sessions shown, added up, as text.
 */

const COLUMNS = [
  "allowedGuests",
  "admitted",
  "noShows",
  "entries",
  "exits",
  "presentNow",
  "forced",
  "refused",
] as const;

/** The sessions shown, added up: who came in, entries, present now, no-shows, refusals, forced entries. */
export function CheckinSummary({ totals }: { totals: SessionTotals }) {
  const { t, i18n } = useTranslation("web");
  const format = new Intl.NumberFormat(i18n.language);
  const shown = ["admitted", "entries", "presentNow", "noShows", "refused", "forced"] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="checkin-summary">
      {shown.map((key) => (
        <Paper key={key} withBorder p="sm" data-testid={`checkin-total-${key}`}>
          <Text size="sm" c="dimmed">
            {t(`statistics.checkin.figures.${key}`)}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {format.format(totals[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function SessionFigures({ sessions }: { sessions: readonly SessionFiguresJson[] }) {
  const { t, i18n } = useTranslation("web");
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <FiguresPanel
      title={t("statistics.checkin.sessions.title")}
      subtitle={t("statistics.checkin.noShowsHelp")}
      testId="checkin-sessions"
    >
      <div aria-hidden="true">
        <BarChart
          h={Math.max(110, sessions.length * 40 + 60)}
          data={sessions.map((session) => ({ ...session }))}
          dataKey="name"
          type="stacked"
          orientation="vertical"
          series={[
            { name: "admitted", label: t("statistics.checkin.figures.admitted"), color: "teal.6" },
            { name: "noShows", label: t("statistics.checkin.figures.noShows"), color: "orange.5" },
          ]}
          yAxisProps={{ width: 140 }}
          xAxisProps={{ allowDecimals: false }}
          gridAxis="x"
          withLegend
          withTooltip={false}
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      {/* Scrolled sideways on a narrow screen, by keyboard too (the table holds nothing focusable). */}
      <Box
        style={{ overflowX: "auto" }}
        tabIndex={0}
        role="region"
        aria-label={t("statistics.checkin.sessions.caption")}
      >
        <Table striped verticalSpacing={4} miw={720}>
          <VisuallyHidden component="caption">{t("statistics.checkin.sessions.caption")}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("statistics.checkin.session")}</Table.Th>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col" ta="right">
                  {t(`statistics.checkin.figures.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((session) => (
              <Table.Tr key={session.id} data-testid="checkin-session-row">
                <Table.Th scope="row" fw={500} miw={160} style={{ overflowWrap: "break-word" }}>
                  {session.name}
                </Table.Th>
                {COLUMNS.map((column) => (
                  <Table.Td key={column} ta="right">
                    {format.format(session[column])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </FiguresPanel>
  );
}
