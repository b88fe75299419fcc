import { Center, Group, Loader, Select, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@tessera/shared/client";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { errorMessage } from "@/app/errorMessage.ts";
import { useViewParams } from "@/app/useViewParams.ts";
import { useAttendanceStatistics, type AttendanceStatisticsJson } from "@/queries/statistics.ts";
import { useCurrentEvent } from "../events/EventContext.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import type { FiguresDisplay } from "./attendanceFigures.ts";
import { AttendanceFigures, QuestionFigures } from "./FigureCharts.tsx";

/**
 * statistics/custom-fields: the guests by status, then each counted question's answers (choices and ratings),
 * of every field or of one form (`?form=`), as charts with their tables for screen readers, or as tables
 * (`?display=tables`).
 */
export function CustomFieldsStatistics() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const [params, changeParams] = useViewParams();
  const formId = params.get("form");
  const display: FiguresDisplay = params.get("display") === "tables" ? "tables" : "charts";
  const statistics = useAttendanceStatistics(accountId, event.id, formId);
  const displayLabelId = useId();
  const change = (key: string, value: string | null) => changeParams({ [key]: value });

  if (isApiError(statistics.error) && statistics.error.status === 404) return <ManageNotFoundScreen />;
  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="md" wrap="wrap">
        <FormFilter statistics={statistics.data} formId={formId} onChange={(value) => change("form", value)} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={displayLabelId}>
            {t("statistics.display")}
          </Text>
          <SegmentedControl
            aria-labelledby={displayLabelId}
            value={display}
            onChange={(value) => change("display", value === "tables" ? "tables" : null)}
            data={[
              { value: "charts", label: t("statistics.charts") },
              { value: "tables", label: t("statistics.tables") },
            ]}
          />
        </Stack>
      </Group>
      {statistics.error ? (
        <FailureAlert message={errorMessage(statistics.error, t)} />
      ) : !statistics.data ? (
        <Center p="xl">
          <Loader aria-label={t("statistics.attendance.title")} />
        </Center>
      ) : (
        <Figures statistics={statistics.data} display={display} />
      )}
    </Stack>
  );
}

/** Which questions the figures are of: every counted field, or one registration form's or survey's. */
function FormFilter({
  statistics,
  formId,
  onChange,
}: {
  statistics: AttendanceStatisticsJson | undefined;
  formId: string | null;
  onChange(formId: string | null): void;
}) {
  const { t } = useTranslation("web");
  const every = "every-field";
  const forms = statistics?.forms ?? [];
  const data = [
    { value: every, label: t("statistics.everyField") },
    ...forms.map((form) => ({
      value: form.id,
      label: t("statistics.formOption", { type: t(`forms.types.${form.type}`), title: form.title }),
    })),
  ];
  // The form asked for is listed once its figures are read (its title comes with them).
  if (formId && !forms.some((form) => form.id === formId)) data.push({ value: formId, label: "…" });
  return (
    <Select
      label={t("statistics.form")}
      data={data}
      value={formId ?? every}
      onChange={(value) => onChange(value && value !== every ? value : null)}
      allowDeselect={false}
      w={{ base: "100%", sm: 360 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function Figures({ statistics, display }: { statistics: AttendanceStatisticsJson; display: FiguresDisplay }) {
  const { t } = useTranslation("web");
  const answersId = useId();
  const isSurvey = statistics.form?.type === "survey";
  return (
    <>
      <AttendanceFigures statistics={statistics} display={display} />
      <Stack gap="md" component="section" aria-labelledby={answersId}>
        <div>
          <Title order={2} size="h4" id={answersId}>
            {t("statistics.questions.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {isSurvey
              ? t("statistics.questions.overRespondents", { count: statistics.population })
              : t("statistics.questions.overGuests", { count: statistics.population })}
          </Text>
        </div>
        {statistics.questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("statistics.questions.none")}
          </Text>
        ) : (
          statistics.questions.map((question) => (
            <QuestionFigures
              key={question.fieldId}
              question={question}
              population={statistics.population}
              display={display}
            />
          ))
        )}
      </Stack>
    </>
  );
}
