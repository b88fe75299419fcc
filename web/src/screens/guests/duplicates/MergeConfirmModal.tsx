import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { GuestJson } from "@/queries/guests.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";

/** Asks before a merge: which guest stays, which one is folded into it and deleted. */
export function MergeConfirmModal({
  keep,
  merge,
  onConfirm,
  onClose,
}: {
  keep: GuestJson;
  merge: GuestJson;
  /** Merges; a rejection is shown in the modal. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation("web");
  const name = (guest: GuestJson) => guest.fullName || guest.email || t("guests.detail.unnamed");
  return (
    <ConfirmModal
      title={t("guests.duplicates.mergeTitle")}
      message={
        <Stack gap="md">
          <Text size="sm">{t("guests.duplicates.mergeKept", { kept: name(keep) })}</Text>
          <Text size="sm">{t("guests.duplicates.mergeMoved", { merged: name(merge), kept: name(keep) })}</Text>
        </Stack>
      }
      confirmLabel={t("guests.duplicates.merge")}
      isDestructive={false}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
