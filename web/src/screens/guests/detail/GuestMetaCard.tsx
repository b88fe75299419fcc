import { Card, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { GuestJson } from "@/queries/guests.ts";
import type { Language } from "@tessera/shared/i18n/languages";
import { formatDateTime } from "@/app/formatDate.ts";

/** Where a guest came from and when it was created, changed and registered. */
export function GuestMetaCard({ guest }: { guest: GuestJson }) {
  const { t, i18n } = useTranslation(["web"]);
  const language = i18n.language as Language;
  return (
    <Card withBorder mt="lg">
      <Stack gap={4}>
        <Text size="sm">
          {t("guests.fields.createdSource")}: {t(`guests.source.${guest.createdSource}`)}
        </Text>
        <Text size="sm">
          {t("guests.fields.createdAt")}: {formatDateTime(guest.createdAt, language)}
        </Text>
        <Text size="sm">
          {t("guests.fields.updatedAt")}: {formatDateTime(guest.updatedAt, language)}
        </Text>
        {guest.registeredAt && (
          <Text size="sm">
            {t("guests.fields.registeredAt")}: {formatDateTime(guest.registeredAt, language)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
