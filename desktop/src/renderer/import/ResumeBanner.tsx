import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatBytes, type ImportProgress } from "./importDesk.ts";

/** An upload the app was closed in the middle of: how far it went, and (signed in) the way to go on. */
export function ResumeBanner({
  upload,
  isSignedIn,
  isBusy,
  onResume,
}: {
  upload: ImportProgress;
  isSignedIn: boolean;
  isBusy: boolean;
  onResume(): void;
}) {
  const { t, i18n } = useTranslation("web");
  const bytes = (count: number) => formatBytes(count, i18n.language);
  return (
    <Alert color="orange" title={t("deskImport.resumeTitle")}>
      <Stack gap="xs">
        <Text size="sm">
          {t("deskImport.resumeText", {
            name: upload.fileName,
            received: bytes(upload.received),
            size: bytes(upload.size),
          })}
          {!isSignedIn && ` ${t("deskImport.resumeSignIn")}`}
        </Text>
        {isSignedIn && (
          <Group>
            <Button size="xs" onClick={onResume} loading={isBusy}>
              {t("deskImport.resume")}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
