import { Box, Stack, Text } from "@mantine/core";
import { useGuestSite } from "../guestSiteContext.ts";
import type { PublicFormJson } from "@/queries/publicForms.ts";
import { answeredQuestions } from "./memberValues.ts";

/** A guest's (or companion's) answers to a form's questions shown, in its order: each question and the answer in words. */
export function AnswerList({
  form,
  answers,
  emptyText,
}: {
  form: Pick<PublicFormJson, "items" | "fields">;
  answers: Record<string, unknown>;
  emptyText?: string;
}) {
  const { language } = useGuestSite();
  const answered = answeredQuestions(form, answers, language);
  if (!answered.length) {
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  }
  return (
    <Stack component="dl" gap="xs" m={0}>
      {answered.map(({ field, text }) => (
        <Box key={field.id}>
          <Text component="dt" size="sm" fw={600}>
            {field.label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {text}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
