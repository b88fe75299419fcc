import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { GuestJson } from "@tessera/shared/client";

/** Asks before a merge: which guest stays, which one is folded into it and deleted. */
export function MergeConfirmModal({
  keep,
  merge,
  isWorking,
  failure,
  onCancel,
  onConfirm,
}: {
  keep: GuestJson;
  merge: GuestJson;
  isWorking: boolean;
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("web");
  const name = (guest: GuestJson) => guest.fullName || guest.email || t("guests.detail.unnamed");
  return (
    <Modal opened onClose={onCancel} title={t("guests.duplicates.mergeTitle")} centered>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Text size="sm">{t("guests.duplicates.mergeKept", { kept: name(keep) })}</Text>
        <Text size="sm">{t("guests.duplicates.mergeMoved", { merged: name(merge), kept: name(keep) })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isWorking}>
            {t("common.cancel")}
          </Button>
          <Button onClick={onConfirm} loading={isWorking}>
            {t("guests.duplicates.merge")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
