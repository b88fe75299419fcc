import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { isApiError } from "@tessera/shared/client";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/BackLink.tsx";
import { ChartFigures } from "@/components/ChartFigures.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { errorMessage } from "@/app/errorMessage.ts";
import { useEventForm, useFormStatistics, type FormStatisticsJson } from "@/queries/forms.ts";
import { ManageNotFoundScreen } from "@/screens/shell/ManageNotFoundScreen.tsx";
import { useFormsArea } from "../FormsContext.ts";
import { chartOf, formatAverage, type ChartRow } from "./statisticsCharts.ts";

type QuestionStatistics = FormStatisticsJson["questions"][number];

/** forms/:formId/statistics: how many guests answered the form, and a chart of each question's answers. */
export function FormStatisticsScreen({ formId }: { formId: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base } = useFormsArea();
  const form = useEventForm(accountId, event.id, formId);
  const statistics = useFormStatistics(accountId, event.id, formId);
  const error = form.error ?? statistics.error;
  if (isApiError(error) && error.status === 404) return <ManageNotFoundScreen />;
  return (
    <Stack gap="md">
      <BackLink to={`${base}/${formId}`}>{t("forms.statistics.back")}</BackLink>
      <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
        {form.data ? t("forms.statistics.titleOf", { title: form.data.title }) : t("forms.statistics.title")}
      </Title>
      {error ? (
        <FailureAlert message={errorMessage(error, t)} />
      ) : !statistics.data ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : (
        <>
          <Text size="lg" data-testid="statistics-responses">
            {t("forms.statistics.responses", { count: statistics.data.responses })}
          </Text>
          {statistics.data.questions.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("forms.statistics.noQuestions")}
            </Text>
          )}
          {statistics.data.questions.map((question) => (
            <QuestionFigures key={question.fieldId} question={question} />
          ))}
        </>
      )}
    </Stack>
  );
}

/** One question: its label, how many answered, and its chart with the same figures in a table for screen readers. */
function QuestionFigures({ question }: { question: QuestionStatistics }) {
  const { t, i18n } = useTranslation("web");
  const titleId = useId();
  const chart = chartOf(question, i18n.language);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="question-statistics">
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId} style={{ overflowWrap: "anywhere" }}>
          {question.label}
        </Title>
        <Text size="sm" c="dimmed">
          {t("forms.statistics.answered", { count: question.answered })}
          {chart.kind === "values" && chart.average !== null && (
            <>
              {" · "}
              {t("forms.statistics.average", { average: formatAverage(chart.average, i18n.language) })}
            </>
          )}
        </Text>
        {chart.kind !== "answered" && chart.rows.length > 0 && (
          <FiguresChart
            rows={chart.rows}
            isHorizontal={chart.kind === "choices"}
            hasWaiting={chart.kind === "choices" && chart.hasWaiting}
            caption={question.label}
            answerHeader={chart.kind === "choices" ? t("forms.statistics.answer") : t("forms.statistics.value")}
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The bars of a question's figures and, visually hidden, the same figures as a table. A registration form's
 * answers with a waiting list (`hasWaiting`) have a second bar and column: how many guests wait for each,
 * also said beside each answer as "N waiting".
 */
function FiguresChart({
  rows,
  isHorizontal,
  hasWaiting,
  caption,
  answerHeader,
}: {
  rows: ChartRow[];
  isHorizontal: boolean;
  hasWaiting: boolean;
  caption: string;
  answerHeader: string;
}) {
  const { t } = useTranslation("web");
  const countLabel = t("forms.statistics.count");
  const waitingLabel = t("forms.statistics.waiting");
  // Horizontal bars: as tall as their answers (two bars each with waiting lists); values keep one height.
  const height = isHorizontal ? Math.max(120, rows.length * (hasWaiting ? 60 : 40) + 40) : 220;
  const series = [
    { name: "count", label: countLabel, color: "blue.6" },
    ...(hasWaiting ? [{ name: "waiting", label: waitingLabel, color: "orange.8" }] : []),
  ];
  return (
    <ChartFigures
      chart={
        <>
          {hasWaiting && (
            <Group gap="md" data-testid="statistics-waiting">
              {rows.map((row) =>
                row.waiting === undefined ? null : (
                  <Text key={row.answer} size="sm" style={{ overflowWrap: "anywhere" }}>
                    {t("forms.statistics.answerWaiting", { answer: row.answer, count: row.waiting })}
                  </Text>
                ),
              )}
            </Group>
          )}
          <BarChart
            h={height}
            data={rows}
            dataKey="answer"
            orientation={isHorizontal ? "vertical" : "horizontal"}
            series={series}
            withLegend={hasWaiting}
            yAxisProps={isHorizontal ? { width: 120 } : { allowDecimals: false }}
            xAxisProps={isHorizontal ? { allowDecimals: false } : undefined}
            gridAxis={isHorizontal ? "x" : "y"}
            withBarValueLabel
            // The figures are read from the table; the drawing takes no focus (recharts' keyboard layer).
            barChartProps={{ accessibilityLayer: false }}
          />
        </>
      }
      caption={caption}
      columns={[answerHeader, countLabel, ...(hasWaiting ? [waitingLabel] : [])]}
      rows={rows.map((row) => ({
        key: row.answer,
        cells: [
          row.answer,
          row.count,
          ...(!hasWaiting
            ? []
            : [row.waiting === undefined ? "—" : t("forms.statistics.waitingCount", { count: row.waiting })]),
        ],
      }))}
    />
  );
}
