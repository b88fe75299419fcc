import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { deskApi, type DeskPrintJob } from "../deskApi.ts";
import { useDeskCall } from "../shared/useDeskCall.ts";

/** A badge printed again: the supervisor says why and gives the PIN (both go to the print log). */
export function ReprintDialog({
  guest,
  onClose,
  onPrinted,
}: {
  guest: { id: string; name: string } | null;
  onClose(): void;
  onPrinted(job: DeskPrintJob): void;
}) {
  const { t } = useTranslation("web");
  const [reason, setReason] = useState("");
  const [pin, setPin] = useState("");
  const call = useDeskCall();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!guest) return;
    const api = deskApi();
    const isRight = await call.run(() => api["desk.verifyPin"](pin));
    if (isRight === false) {
      call.setFailure(t("deskApp.pin.wrong"));
      return;
    }
    if (!isRight) return;
    const job = await call.run(() => api["print.reprint"](guest.id, reason.trim(), pin));
    if (job) {
      setReason("");
      setPin("");
      onPrinted(job);
    }
  }

  return (
    <Modal opened={guest !== null} onClose={onClose} title={t("deskApp.reprint.title", { name: guest?.name ?? "" })}>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <TextInput
            label={t("deskApp.reprint.reason")}
            description={t("deskApp.reprint.reasonHelp")}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            required
            maxLength={200}
            data-autofocus
            data-keeps-focus="true"
          />
          <PasswordInput
            label={t("deskApp.pin.label")}
            value={pin}
            onChange={(event) => setPin(event.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            required
            data-keeps-focus="true"
          />
          {call.failure && (
            <Alert color="red" variant="light" role="alert">
              {call.failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={call.isBusy}>
              {t("deskApp.reprint.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
