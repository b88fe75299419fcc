import { Button, Card, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import type { GuestJson } from "@/queries/guests.ts";
import { formatAnswer } from "../customFieldValues.ts";

/** One guest of a duplicate pair: what tells the two apart (identity, status, companions, answers). */
export function DuplicateGuestCard({
  guest,
  fields,
  keepLabel,
  onKeep,
}: {
  guest: GuestJson;
  fields: readonly CustomFieldJson[];
  /** Absent for readers: no merge button. */
  keepLabel?: string;
  onKeep?: () => void;
}) {
  const { t } = useTranslation("web");
  const answers = fields
    .map((field) => ({ field, text: formatAnswer(field, guest.answers?.[field.id]) }))
    .filter((answer) => answer.text);
  // "Status: Confirmed", with each language's punctuation.
  const line = (field: string, value: string) => t("guests.duplicates.fieldValue", { field, value });
  return (
    <Card withBorder padding="sm" data-testid="duplicate-guest">
      <Stack gap={2} style={{ flex: 1 }}>
        <Text fw={600} data-testid="duplicate-guest-name">
          {guest.fullName || t("guests.detail.unnamed")}
        </Text>
        <Text size="sm">{guest.email ?? "—"}</Text>
        <Text size="sm" c="dimmed">
          {[guest.company, guest.jobTitle].filter(Boolean).join(" · ") || "—"}
        </Text>
        <Text size="sm">{line(t("guests.fields.status"), t(`guests.status.${guest.status}`))}</Text>
        <Text size="sm">{line(t("guests.fields.companionsExpected"), String(guest.companionsExpected))}</Text>
        <Text size="sm">{t("guests.detail.companionsCount", { count: guest.companionsCount })}</Text>
        {answers.map(({ field, text }) => (
          <Text key={field.id} size="sm" c="dimmed">
            {line(field.label || field.name, text)}
          </Text>
        ))}
      </Stack>
      {keepLabel && onKeep && (
        <Button mt="sm" size="xs" onClick={onKeep}>
          {keepLabel}
        </Button>
      )}
    </Card>
  );
}
