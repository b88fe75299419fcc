import { Button, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useAnswerPortalSurvey, usePortalSurvey, type PortalSurveyJson } from "@/queries/portal.ts";
import type { PublicFormJson } from "@/queries/publicForms.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { FormItems } from "../registration/FormItems.tsx";
import {
  checkAnswers,
  checkFiles,
  formPathOf,
  initialValues,
  itemsOf,
  type RegistrationValues,
} from "../registration/registrationValues.ts";
import { SectionPending } from "./MemberSection.tsx";
import { useFormProblems } from "../useFormProblems.tsx";

/**
 * A survey's questions read, then answered (once) with the registration form's components and rules: a file
 * question's file uploaded at once for the survey, sent as its `{ uploadId, uploadKey }`.
 */
export function SurveyForm({
  survey,
  onDone,
}: {
  survey: PortalSurveyJson;
  /** Whether the answers were sent (false: the guest gave up). */
  onDone: (sent: boolean) => void;
}) {
  const { eventSlug } = useGuestSite();
  const form = usePortalSurvey(eventSlug, survey.id);
  if (!form.data) return <SectionPending isError={form.isError} onRetry={() => void form.refetch()} />;
  return <SurveyQuestions survey={survey} form={form.data} onDone={onDone} />;
}

function SurveyQuestions({
  survey,
  form,
  onDone,
}: {
  survey: PortalSurveyJson;
  form: PublicFormJson;
  onDone: (sent: boolean) => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug } = useGuestSite();
  const answer = useAnswerPortalSurvey(eventSlug, survey.id);
  const values = useForm<RegistrationValues>({ initialValues: initialValues(form) });
  const { formRef, alert, showChecked, showRefusal, clear } = useFormProblems(values);
  const fields = useMemo(() => new Map(form.fields.map((field) => [field.id, field])), [form.fields]);
  const intro = useRef<HTMLParagraphElement>(null);

  useEffect(() => intro.current?.focus(), []);

  function submit(current: RegistrationValues) {
    const checked = checkAnswers(form, current);
    const files = checkFiles(form, current);
    const problems = { ...checked.problems, ...files.problems };
    if (Object.keys(problems).length) return showChecked(problems);
    clear();
    answer.mutate(
      { ...checked.answers, ...files.answers },
      {
        onSuccess: () => onDone(true),
        onError: (error) => showRefusal(error, (field) => formPathOf(field, form)),
      },
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={values.onSubmit(submit)}
      noValidate
      aria-label={survey.title}
      data-testid="survey-form"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" ref={intro} tabIndex={-1} style={{ outline: "none" }}>
          {t("public.me.surveyOnce")} {t("public.form.requiredNote")}
        </Text>
        {alert}
        <FormItems items={itemsOf(form)} fields={fields} form={values} uploadFormId={survey.id} />
        <Group gap="sm">
          <Button type="submit" loading={answer.isPending}>
            {t("public.me.sendSurvey")}
          </Button>
          <Button variant="default" onClick={() => onDone(false)}>
            {t("public.me.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
