import { Button, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

interface OutcomePanelProps {
  title: string;
  children: ReactNode;
  actionLabel: string;
  actionTo: string;
}

/** The end of a sign-in flow: what happened, and the one thing to do next. */
export function OutcomePanel({ title, children, actionLabel, actionTo }: OutcomePanelProps) {
  return (
    <Stack align="center" gap="md" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden="true">
        <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2}>
          <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </ThemeIcon>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text size="sm">{children}</Text>
      <Button component={Link} to={actionTo}>
        {actionLabel}
      </Button>
    </Stack>
  );
}
