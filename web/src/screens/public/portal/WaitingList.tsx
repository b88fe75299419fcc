import { List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PortalMeJson } from "@/queries/portal.ts";

/**
 * The full answers the guest waits for, each with their place in line (1: the next to get one), and those
 * a place opened up for, which are now theirs. Nothing when there are none.
 */
export function WaitingList({ entries }: { entries: PortalMeJson["waitingList"] }) {
  const { t } = useTranslation("web");
  if (!entries.length) return null;
  return (
    <Stack gap="xs" data-testid="waiting-list">
      <Title order={3} size="h4">
        {t("public.me.waitingListTitle")}
      </Title>
      <List spacing={4} size="sm">
        {entries.map((entry) => (
          <List.Item key={entry.id}>
            <Text size="sm" span>
              {entry.status === "promoted" || entry.position === null
                ? t("public.me.waitingPromoted", { answer: entry.answer, question: entry.question })
                : t("public.me.waitingFor", {
                    answer: entry.answer,
                    question: entry.question,
                    position: entry.position,
                  })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
