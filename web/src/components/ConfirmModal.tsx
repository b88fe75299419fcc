import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../app/errorMessage.ts";
import { FailureAlert } from "./FailureAlert.tsx";

interface ConfirmModalProps {
  title: string;
  /** A sentence, or paragraphs of its own. */
  message: ReactNode;
  confirmLabel: string;
  /** A destructive action (the default) has a red button; otherwise the theme's. */
  isDestructive?: boolean;
  /** Resolves when done; a rejection is shown in the modal. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before a destructive action and shows the API's answer if it fails. */
export function ConfirmModal({
  title,
  message,
  confirmLabel,
  isDestructive = true,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
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
        <FailureAlert message={failure} />
        {typeof message === "string" ? <Text size="sm">{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isWorking}>
            {t("common.cancel")}
          </Button>
          <Button color={isDestructive ? "red" : undefined} loading={isWorking} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
