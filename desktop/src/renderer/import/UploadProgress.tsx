import { Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { GuestImportUploadJson } from "@tessera/shared/schemas/guestImports";
import { failureOf } from "../deskApi.ts";
import { failureText } from "../shared/failureText.ts";
import { formatBytes, type ImportProgress } from "./importDesk.ts";
import { useUploadProgress } from "./useImportPolling.ts";

/**
 * An upload's progress bar: the bytes sent, then the server reading the file; when it stopped, why, and the way
 * on (resume it, or choose another file once it failed).
 */
export function UploadProgress({
  started,
  onUploaded,
  onResume,
  onPickAnother,
}: {
  started: ImportProgress;
  onUploaded(upload: GuestImportUploadJson): void;
  onResume(): void;
  onPickAnother(): void;
}) {
  const { t, i18n } = useTranslation(["web", "errors"]);
  const progress = useUploadProgress(started.id, started) ?? started;
  const bytes = (count: number) => formatBytes(count, i18n.language);
  const isUploaded = progress.upload !== null && progress.state !== "uploading" && progress.state !== "failed";

  useEffect(() => {
    if (isUploaded && progress.upload) onUploaded(progress.upload);
  }, [isUploaded, progress.upload, onUploaded]);

  /** Why an upload stopped, in the user's language when its code is known. */
  function stoppedBecause(error: string): string {
    if (failureOf(new Error(error)).code === "import_file_changed") return t("deskImport.fileChanged");
    return failureText(new Error(error), t, i18n);
  }

  return (
    <Stack gap="xs">
      <Text size="sm">{t("deskImport.file", { name: progress.fileName })}</Text>
      <Progress
        value={progress.size ? (100 * progress.received) / progress.size : 0}
        aria-label={t("deskImport.uploadLabel")}
        animated={progress.isSending}
      />
      <Text size="sm" role="status">
        {progress.received < progress.size
          ? t("deskImport.uploading", { received: bytes(progress.received), size: bytes(progress.size) })
          : t("deskImport.reading")}
      </Text>
      {!progress.isSending && progress.error && (
        <Alert color="orange">
          <Stack gap="xs">
            <Text size="sm">{t("deskImport.uploadStopped", { detail: stoppedBecause(progress.error) })}</Text>
            <Group>
              {progress.state === "uploading" ? (
                <Button size="xs" onClick={onResume}>
                  {t("deskImport.resume")}
                </Button>
              ) : (
                <Button size="xs" variant="default" onClick={onPickAnother}>
                  {t("deskImport.pickAnother")}
                </Button>
              )}
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
