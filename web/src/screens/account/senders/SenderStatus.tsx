import { Badge, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/app/formatDate.ts";
import type { SenderJson } from "@/queries/senders.ts";

/** A sender's badge (verified, pending, link expired) and when it was verified or until when its link works. */
export function SenderStatus({ sender, now }: { sender: SenderJson; now: number }) {
  const { t, i18n } = useTranslation("web");
  if (sender.isVerified) {
    return (
      <Stack gap={2}>
        <Badge color="green" variant="light">
          {t("senders.verified")}
        </Badge>
        {sender.verifiedAt && (
          <Text size="xs" c="dimmed">
            {t("senders.verifiedOn", { date: formatDateTime(sender.verifiedAt, i18n.language) })}
          </Text>
        )}
      </Stack>
    );
  }
  const expiresAt = sender.verificationExpiresAt;
  const isExpired = !expiresAt || Date.parse(expiresAt) <= now;
  return (
    <Stack gap={2}>
      <Badge color={isExpired ? "red" : "yellow"} variant="light">
        {isExpired ? t("senders.expired") : t("senders.pending")}
      </Badge>
      {!isExpired && (
        <Text size="xs" c="dimmed">
          {t("senders.pendingUntil", { date: formatDateTime(expiresAt, i18n.language) })}
        </Text>
      )}
    </Stack>
  );
}
