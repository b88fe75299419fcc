import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PrimaryStatus } from "./primaryApi.ts";
import { reachabilityText } from "./venueRole.ts";

/** This desk paired with a primary: which one, whether it answers, and a way to leave it. */
export function PeerPanel({
  primaryStatus,
  isBusy,
  onDisconnect,
}: {
  primaryStatus: PrimaryStatus;
  isBusy: boolean;
  onDisconnect(): void;
}) {
  const { t } = useTranslation("web");
  return (
    <Stack gap="sm" data-testid="peer-panel">
      <Title order={3} size="h4">
        {t("deskPrimary.peer.heading")}
      </Title>
      <Text>
        {t("deskPrimary.peer.address", { address: primaryStatus.address ?? "" })}
        {" · "}
        {reachabilityText(primaryStatus, t)}
      </Text>
      {primaryStatus.unreconciled > 0 && (
        <Text size="sm">{t("deskPrimary.role.unreconciled", { count: primaryStatus.unreconciled })}</Text>
      )}
      <Group justify="flex-end">
        <Button variant="light" loading={isBusy} onClick={onDisconnect}>
          {t("deskPrimary.peer.disconnect")}
        </Button>
      </Group>
    </Stack>
  );
}
