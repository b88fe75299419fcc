import { Stack, Stepper } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useGuestImport, type GuestImportJson, type GuestImportUploadJson } from "@/queries/guestImports.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { ImportProgressStep } from "./ImportProgressStep.tsx";
import { MappingStep } from "./MappingStep.tsx";
import { UploadStep } from "./UploadStep.tsx";

/** Which step an import is at: its file to choose, its columns to match, or its processing and report. */
function stepOf(guestImport: GuestImportJson | undefined): 0 | 1 | 2 {
  if (!guestImport || guestImport.status === "cancelled") return 0;
  return guestImport.status === "uploaded" || guestImport.status === "mapped" ? 1 : 2;
}

/**
 * Spec §2: import in three steps — upload the file, match the columns to fields, process with a live
 * progress bar. The steps read the one import (the query layer polls it while it runs).
 */
export function ImportWizard() {
  const { t } = useTranslation("web");
  const { accountId, event } = useGuestsArea();
  // The answer to step 1: the import, a preview of its rows and the mapping suggested.
  const [upload, setUpload] = useState<GuestImportUploadJson | null>(null);
  const importId = upload?.import.id ?? null;
  const { data: guestImport, error } = useGuestImport(accountId, event.id, importId);
  const step = upload ? stepOf(guestImport ?? upload.import) : 0;
  const restart = () => setUpload(null);

  return (
    <Stack gap="md">
      {/* A finished import shows its three steps done. */}
      <Stepper active={guestImport?.status === "done" ? 3 : step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t("guests.import.step1")} />
        <Stepper.Step label={t("guests.import.step2")} />
        <Stepper.Step label={t("guests.import.step3")} />
      </Stepper>
      {step === 0 && <UploadStep onUploaded={setUpload} />}
      {step === 1 && upload && (
        <MappingStep upload={upload} guestImport={guestImport ?? upload.import} onBack={restart} />
      )}
      {step === 2 && guestImport && <ImportProgressStep guestImport={guestImport} error={error} onRestart={restart} />}
    </Stack>
  );
}
