import { Button, Group, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { GuestImportJson } from "@tessera/shared/schemas/guestImports";
import { useImportStatus } from "./useImportPolling.ts";

/** The server processing the import: its rows done out of all, then the summary. */
export function ProcessProgress({
  id,
  started,
  onAnother,
}: {
  id: string;
  started: GuestImportJson;
  onAnother(): void;
}) {
  const { t } = useTranslation("web");
  const current = useImportStatus(id, started) ?? started;
  const isOver = current.status === "done" || current.status === "failed" || current.status === "cancelled";
  if (!isOver)
    return (
      <Stack gap="xs">
        <Progress
          value={current.totalRows ? (100 * current.processedRows) / current.totalRows : 0}
          aria-label={t("deskImport.processLabel")}
          animated
        />
        <Text size="sm" role="status">
          {t("guests.import.processing", { processed: current.processedRows, total: current.totalRows })}
        </Text>
      </Stack>
    );
  return (
    <Stack gap="xs" role="status">
      <Text fw={600}>{current.status === "done" ? t("guests.import.done") : t("guests.import.failed")}</Text>
      <Text size="sm">{t("guests.import.created", { count: current.createdRows })}</Text>
      <Text size="sm">{t("guests.import.updated", { count: current.updatedRows })}</Text>
      {current.failedRows > 0 && <Text size="sm">{t("guests.import.failedRows", { count: current.failedRows })}</Text>}
      <Group>
        <Button variant="default" onClick={onAnother}>
          {t("deskImport.another")}
        </Button>
      </Group>
    </Stack>
  );
}
