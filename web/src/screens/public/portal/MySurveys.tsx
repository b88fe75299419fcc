import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePortalSurveys } from "@/queries/portal.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { LiveNotice } from "./LiveNotice.tsx";
import { MemberSection, SectionPending } from "./MemberSection.tsx";
import { SurveyForm } from "./SurveyForm.tsx";

/**
 * "Satisfaction surveys": the event's online surveys, each answered once while it is open; answered ones say
 * so, ones not open yet too. Nothing when the event has none.
 */
export function MySurveys() {
  const { t } = useTranslation("web");
  const { eventSlug } = useGuestSite();
  const surveys = usePortalSurveys(eventSlug);
  const [answering, setAnswering] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const title = t("public.me.surveys");
  if (!surveys.data) {
    return (
      <MemberSection title={title} testId="my-surveys">
        <SectionPending isError={surveys.isError} onRetry={() => void surveys.refetch()} />
      </MemberSection>
    );
  }
  if (!surveys.data.length) return null;
  return (
    <MemberSection title={title} testId="my-surveys">
      <LiveNotice message={notice} takeFocus />
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {surveys.data.map((survey) => (
          <Paper component="li" key={survey.id} withBorder radius="md" p="sm">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {survey.title}
                </Text>
                {survey.answered ? (
                  <Badge color="teal" variant="light">
                    {t("public.me.surveyAnswered")}
                  </Badge>
                ) : !survey.isOpen ? (
                  <Badge color="gray" variant="light">
                    {t("public.me.surveyNotOpen")}
                  </Badge>
                ) : answering !== survey.id ? (
                  <Button
                    size="xs"
                    aria-label={t("public.me.answerSurveyLabel", { title: survey.title })}
                    onClick={() => {
                      setNotice(null);
                      setAnswering(survey.id);
                    }}
                  >
                    {t("public.me.answerSurvey")}
                  </Button>
                ) : null}
              </Group>
              {answering === survey.id && !survey.answered && survey.isOpen && (
                <SurveyForm
                  survey={survey}
                  onDone={(sent) => {
                    setAnswering(null);
                    if (sent) setNotice(t("public.me.surveySent", { title: survey.title }));
                  }}
                />
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </MemberSection>
  );
}
