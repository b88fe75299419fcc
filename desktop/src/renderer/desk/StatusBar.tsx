import { Badge, Button, Group, Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DeskStatus } from "../deskApi.ts";
import { syncAgeText } from "./syncAge.ts";

/** Always in view at a desk: online or not, the age of the last sync, the scans waiting, the conflicts. */
export function StatusBar({
  status,
  isSyncing,
  onSync,
  onConflicts,
  venue,
}: {
  status: DeskStatus | null;
  isSyncing: boolean;
  onSync(): void;
  onConflicts(): void;
  /** The desk's venue role and the way to the venue's network (primary desk). */
  venue?: ReactNode;
}) {
  const { t, i18n } = useTranslation("web");
  const online = status?.online ?? null;
  const [connection, color] =
    online === null
      ? [t("deskApp.status.connecting"), "gray"]
      : online
        ? [t("deskApp.status.online"), "green"]
        : [t("deskApp.status.offline"), "red"];
  const conflicts = status?.conflicts ?? 0;
  return (
    <Paper withBorder radius="md" px="md" py="xs" component="section" aria-label={t("deskApp.status.label")}>
      <Group justify="space-between" gap="sm">
        <Group gap="md">
          <span role="status" aria-live="polite">
            <Badge
              color={color}
              variant="filled"
              size="lg"
              data-testid="status-connection"
              data-online={String(online)}
            >
              {connection}
            </Badge>
          </span>
          <Text size="sm" data-testid="status-sync-age">
            {status?.lastSyncAgeMs == null
              ? t("deskApp.status.neverSynced")
              : t("deskApp.status.synced", { age: syncAgeText(status.lastSyncAgeMs, i18n.language) })}
          </Text>
          <Text size="sm" data-testid="status-pending" data-count={status?.pendingScans ?? 0}>
            {t("deskApp.status.pending", { count: status?.pendingScans ?? 0 })}
          </Text>
          <Button
            size="compact-sm"
            variant={conflicts > 0 ? "filled" : "default"}
            color={conflicts > 0 ? "orange.9" : undefined}
            onClick={onConflicts}
            data-testid="status-conflicts"
          >
            {t("deskApp.status.conflicts", { count: conflicts })}
          </Button>
          {venue}
        </Group>
        <Group gap="sm">
          {status?.lastSyncError && (
            <Text size="sm" c="red.8">
              {t("deskApp.status.syncFailed")}
            </Text>
          )}
          <Button size="compact-md" variant="light" loading={isSyncing} onClick={onSync}>
            {t("deskApp.status.syncNow")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
