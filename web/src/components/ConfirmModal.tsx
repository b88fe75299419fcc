import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../app/errorMessage.ts";

interface ConfirmModalProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** Resolves when done; a rejection is shown in the modal. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before a destructive action and shows the API's answer if it fails. */
export function ConfirmModal({ title, message, confirmLabel, onConfirm, onClose }: ConfirmModalProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const [isWorking, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setWorking(true);
    setFailure(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setWorking(false);
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button color="red" loading={isWorking} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
