import { Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GuestPanel } from "../GuestPanel.tsx";
import { RetryButton } from "../GuestMessage.tsx";

/** A section of the member area: a card with its title, its content, and for its data a loader or a retry. */
export function MemberSection({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <GuestPanel>
      <Stack gap="md" component="section" aria-label={title} data-testid={testId}>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </GuestPanel>
  );
}

/** A section's data that is not there: loading, or failed with a way to ask again. */
export function SectionPending({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  const { t } = useTranslation("web");
  if (!isError) {
    return (
      <Group justify="center" py="sm" aria-busy="true">
        <Loader size="sm" />
      </Group>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Text role="alert">{t("public.me.sectionFailed")}</Text>
      <RetryButton label={t("common.retry")} onRetry={onRetry} />
    </Stack>
  );
}
