import { Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GuestImportJson, GuestImportUploadJson } from "@tessera/shared/schemas/guestImports";
import type { User } from "@tessera/shared/schemas/users";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useDeskCall } from "../shared/useDeskCall.ts";
import { BackOfficeSignIn } from "./BackOfficeSignIn.tsx";
import { FilePreview } from "./FilePreview.tsx";
import { ImportMapping } from "./ImportMapping.tsx";
import { importDesk, type ImportableEvent, type ImportProgress, type LocalPreview } from "./importDesk.ts";
import { ProcessProgress } from "./ProcessProgress.tsx";
import { ResumeBanner } from "./ResumeBanner.tsx";
import { UploadProgress } from "./UploadProgress.tsx";

type Step =
  | { kind: "pick" }
  | { kind: "preview"; filePath: string; preview: LocalPreview }
  | { kind: "uploading"; started: ImportProgress }
  | { kind: "mapping"; id: string; upload: GuestImportUploadJson }
  | { kind: "processing"; id: string; guestImport: GuestImportJson };

/**
 * Bulk import from the desk app (issue 13, item 8): a large CSV or .xlsx picked on this computer, previewed
 * here, sent in chunks that resume where they stopped (even after the app was closed), then mapped and processed
 * by the server with its progress shown.
 */
export function ImportScreen() {
  const { t } = useTranslation("web");
  const api = importDesk();
  const call = useDeskCall();
  const [user, setUser] = useState<User | null>(null);
  const [events, setEvents] = useState<ImportableEvent[]>([]);
  const [eventId, setEventId] = useState<string | null>(null);
  const [interrupted, setInterrupted] = useState<ImportProgress[]>([]);
  const [step, setStep] = useState<Step>({ kind: "pick" });

  useEffect(() => {
    void api["import.resume"]()
      .then(setInterrupted)
      .catch(() => undefined);
  }, [api]);

  function signedIn(signedInUser: User, found: ImportableEvent[]) {
    setUser(signedInUser);
    setEvents(found);
    setEventId(found.length === 1 ? found[0]!.id : null);
  }

  async function pick() {
    const filePath = await call.run(() => api["app.pickFile"]());
    if (!filePath) return;
    const preview = await call.run(() => api["import.preview"](filePath));
    if (preview) setStep({ kind: "preview", filePath, preview });
  }

  async function upload(filePath: string) {
    const target = events.find((event) => event.id === eventId);
    if (!target) return;
    const started = await call.run(() => api["import.upload"](filePath, target.accountId, target.id));
    if (started) setStep({ kind: "uploading", started });
  }

  async function resume(id: string) {
    const unfinished = await call.run(() => api["import.resume"]());
    const started = unfinished?.find((upload) => upload.id === id);
    if (!started) return;
    setInterrupted(unfinished!.filter((upload) => upload.id !== id));
    setStep({ kind: "uploading", started });
  }

  async function start(id: string) {
    const guestImport = await call.run(() => api["import.process"](id));
    if (guestImport) setStep({ kind: "processing", id, guestImport });
  }

  const uploadingId = step.kind === "uploading" ? step.started.id : null;
  const uploaded = useCallback(
    (answer: GuestImportUploadJson) => {
      if (uploadingId) setStep({ kind: "mapping", id: uploadingId, upload: answer });
    },
    [uploadingId],
  );

  const waiting = interrupted[0];
  const isChoosing = step.kind === "pick" || step.kind === "preview";

  return (
    <Stack gap="lg" p="lg" maw={960}>
      <Title order={2}>{t("deskImport.title")}</Title>
      <FailureAlert message={call.failure} />
      {waiting && isChoosing && (
        <ResumeBanner
          upload={waiting}
          isSignedIn={user !== null}
          isBusy={call.isBusy}
          onResume={() => void resume(waiting.id)}
        />
      )}
      {!user ? (
        <BackOfficeSignIn onSignedIn={signedIn} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("deskImport.signedInAs", { name: `${user.firstName} ${user.lastName}`.trim() || user.email })}
          </Text>
          {events.length === 0 ? (
            <Text>{t("deskImport.noEvents")}</Text>
          ) : (
            <Select
              label={t("deskImport.event")}
              placeholder={t("deskImport.eventPlaceholder")}
              data={events.map((event) => ({ value: event.id, label: event.name }))}
              value={eventId}
              onChange={setEventId}
              disabled={!isChoosing}
              searchable
              maw={420}
            />
          )}
          {isChoosing && (
            <Group>
              <Button variant={step.kind === "preview" ? "default" : "filled"} onClick={() => void pick()}>
                {step.kind === "preview" ? t("deskImport.pickAnother") : t("deskImport.pick")}
              </Button>
            </Group>
          )}
          {step.kind === "preview" && (
            <FilePreview
              filePath={step.filePath}
              preview={step.preview}
              canUpload={eventId !== null}
              isBusy={call.isBusy}
              onUpload={() => void upload(step.filePath)}
            />
          )}
          {step.kind === "uploading" && (
            <UploadProgress
              started={step.started}
              onUploaded={uploaded}
              onResume={() => void resume(step.started.id)}
              onPickAnother={() => setStep({ kind: "pick" })}
            />
          )}
          {step.kind === "mapping" && (
            <ImportMapping
              upload={step.upload}
              isBusy={call.isBusy}
              onCheck={(mapping) => call.run(() => api["import.setMapping"](step.id, mapping))}
              onStart={() => void start(step.id)}
            />
          )}
          {step.kind === "processing" && (
            <ProcessProgress id={step.id} started={step.guestImport} onAnother={() => setStep({ kind: "pick" })} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
