import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  isWorking: boolean;
  /** Why the action failed, shown (announced) in the dialog. */
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that cannot be undone from here: a modal dialog (focus kept inside, Escape closes,
 * the focus goes back to the button that opened it), the safe choice first.
 */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  isWorking,
  failure,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation("web");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      returnFocus
      closeButtonProps={{ "aria-label": t("common.closeDialog") }}
    >
      <Stack gap="md">
        <Text>{text}</Text>
        <FailureAlert message={failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t("public.me.keep")}
          </Button>
          <Button color="red" loading={isWorking} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
