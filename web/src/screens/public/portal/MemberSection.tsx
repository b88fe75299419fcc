import { Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
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

/**
 * A section listing the guest's things as cards (`render` gives each its <li>): a loader or a retry until they are
 * there, nothing at all when there are none.
 */
export function MemberList<T>({
  title,
  testId,
  items,
  isError,
  onRetry,
  keyOf,
  render,
}: {
  title: string;
  testId: string;
  items: readonly T[] | undefined;
  isError: boolean;
  onRetry: () => void;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}) {
  if (!items) {
    return (
      <MemberSection title={title} testId={testId}>
        <SectionPending isError={isError} onRetry={onRetry} />
      </MemberSection>
    );
  }
  if (!items.length) return null;
  return (
    <MemberSection title={title} testId={testId}>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {items.map((item) => (
          <Fragment key={keyOf(item)}>{render(item)}</Fragment>
        ))}
      </Stack>
    </MemberSection>
  );
}
