import { TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { deskApi, type DeskPrintJob } from "../deskApi.ts";
import { PinDialog } from "../shared/PinDialog.tsx";

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

  return (
    <PinDialog
      opened={guest !== null}
      title={t("deskApp.reprint.title", { name: guest?.name ?? "" })}
      submitLabel={t("deskApp.reprint.submit")}
      onClose={onClose}
      onVerified={async (pin) => {
        if (!guest) return;
        const job = await deskApi()["print.reprint"](guest.id, reason.trim(), pin);
        setReason("");
        onPrinted(job);
      }}
    >
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
    </PinDialog>
  );
}
