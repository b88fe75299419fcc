import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PrimaryStatus } from "./primaryApi.ts";

/** This desk as the venue's primary: where the other desks find it, the code they pair with, and a way to stop. */
export function PrimaryPanel({
  primaryStatus,
  addresses,
  isBusy,
  onStop,
}: {
  primaryStatus: PrimaryStatus;
  /** Every LAN address the primary answers on (as it started), else the status's one. */
  addresses: string[];
  isBusy: boolean;
  onStop(): void;
}) {
  const { t } = useTranslation("web");
  const [isConfirming, setConfirming] = useState(false);
  const id = useId();
  return (
    <Stack gap="md" data-testid="primary-panel">
      <Title order={3} size="h4">
        {t("deskPrimary.primary.heading")}
      </Title>
      <div>
        <Text size="sm" fw={600} id={`${id}-primary-addresses`}>
          {t("deskPrimary.primary.addresses")}
        </Text>
        <Stack
          component="ul"
          gap={2}
          m={0}
          p={0}
          style={{ listStyle: "none" }}
          aria-labelledby={`${id}-primary-addresses`}
        >
          {addresses.map((address) => (
            <Text component="li" key={address} ff="monospace" size="lg" data-testid="primary-address">
              {address}
            </Text>
          ))}
        </Stack>
      </div>
      <div>
        <Text size="sm" fw={600} id={`${id}-primary-code`}>
          {t("deskPrimary.primary.code")}
        </Text>
        <Text ff="monospace" fw={700} fz={48} lh={1.1} style={{ letterSpacing: "0.2em" }} data-testid="pairing-code">
          {primaryStatus.pairingCode}
        </Text>
        <Text size="sm" c="dimmed">
          {t("deskPrimary.primary.codeHelp")}
        </Text>
      </div>
      <Text data-testid="primary-peers" data-count={primaryStatus.peers}>
        {t("deskPrimary.primary.peers", { count: primaryStatus.peers })}
      </Text>
      {isConfirming ? (
        <Paper withBorder p="md" radius="md" role="group" aria-labelledby={`${id}-primary-stop-title`}>
          <Stack gap="sm">
            <Text fw={700} id={`${id}-primary-stop-title`}>
              {t("deskPrimary.primary.stopTitle")}
            </Text>
            <Text size="sm">{t("deskPrimary.primary.stopWarning")}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t("deskPrimary.primary.cancel")}
              </Button>
              <Button color="red.8" loading={isBusy} onClick={onStop}>
                {t("deskPrimary.primary.stopConfirm")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Group justify="flex-end">
          <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
            {t("deskPrimary.primary.stop")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
