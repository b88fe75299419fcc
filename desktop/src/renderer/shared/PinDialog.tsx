import { Button, Group, Modal, PasswordInput, Stack } from "@mantine/core";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { deskApi } from "../deskApi.ts";
import { useDeskCall } from "./useDeskCall.ts";

/**
 * Asks the supervisor PIN (after `children`, the fields the action needs besides); `onVerified` runs with it once
 * the core says it is right (its failure is shown). The PIN field empties at each try.
 */
export function PinDialog({
  opened,
  title,
  submitLabel,
  children,
  onClose,
  onVerified,
}: {
  opened: boolean;
  title: string;
  /** The submit button's words (default: the PIN's own). */
  submitLabel?: string;
  children?: ReactNode;
  onClose(): void;
  onVerified(pin: string): Promise<void> | void;
}) {
  const { t } = useTranslation("web");
  const [pin, setPin] = useState("");
  const call = useDeskCall();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const entered = pin;
    setPin("");
    const isRight = await call.run(() => deskApi()["desk.verifyPin"](entered));
    if (isRight === false) call.setFailure(t("deskApp.pin.wrong"));
    else if (isRight) await call.run(async () => onVerified(entered));
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          {children}
          <PasswordInput
            label={t("deskApp.pin.label")}
            value={pin}
            onChange={(event) => setPin(event.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            required
            data-autofocus
            data-keeps-focus="true"
          />
          <FailureAlert message={call.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={call.isBusy}>
              {submitLabel ?? t("deskApp.pin.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
