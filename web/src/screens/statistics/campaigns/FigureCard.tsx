import { ActionIcon, Group, Paper, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { useId, type ReactNode } from "react";

/**
 * One figure of the campaign statistics: a group named by its label (what screen readers announce), the number,
 * a line under it (its rate, a detail), and an "i" whose tooltip explains it (its words read as the button's
 * description too).
 */
export function FigureCard({
  label,
  value,
  note,
  help,
  testId,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  help?: { label: string; text: string };
  testId: string;
}) {
  const labelId = useId();
  const helpId = useId();
  return (
    <Paper withBorder p="sm" role="group" aria-labelledby={labelId} data-testid={testId}>
      <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" id={labelId}>
          {label}
        </Text>
        {help && (
          <Tooltip label={help.text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={help.label} aria-describedby={helpId}>
              <Text span fw={700} size="xs" aria-hidden>
                i
              </Text>
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      {help && <VisuallyHidden id={helpId}>{help.text}</VisuallyHidden>}
    </Paper>
  );
}
