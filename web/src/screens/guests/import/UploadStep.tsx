import "@mantine/dropzone/styles.css";
import { Button, Group, Stack, Switch, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { useForm } from "@mantine/form";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useUploadImport, type GuestImportUploadJson } from "@/queries/guestImports.ts";
import { useGuestsArea } from "../GuestsContext.ts";

/** What the file picker offers (by type or by name: a CSV may come as text/plain or Excel's CSV type). */
const ACCEPT = {
  "text/csv": [".csv"],
  "text/plain": [".csv", ".txt"],
  "application/vnd.ms-excel": [".csv"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
};

/** Step 1: the file (dropped or chosen) and whether its first line names the columns. */
export function UploadStep({ onUploaded }: { onUploaded: (upload: GuestImportUploadJson) => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const upload = useUploadImport(accountId, event.id);
  const form = useForm<{ file: File | null; hasHeaders: boolean }>({ initialValues: { file: null, hasHeaders: true } });
  const { file } = form.values;

  return (
    <Stack gap="md">
      <FailureAlert message={upload.error ? errorMessage(upload.error, t) : null} />
      <form
        onSubmit={form.onSubmit(({ file: chosen, hasHeaders }) => {
          if (chosen) upload.mutate({ file: chosen, hasHeaders }, { onSuccess: onUploaded });
        })}
      >
        <Stack gap="md">
          <Dropzone
            onDrop={(files) => form.setFieldValue("file", files[0] ?? null)}
            accept={ACCEPT}
            multiple={false}
            aria-label={t("guests.import.dropLabel")}
            inputProps={{ "data-testid": "import-file" } as InputHTMLAttributes<HTMLInputElement>}
            p="xl"
            style={{ textAlign: "center" }}
          >
            <Text fw={500}>{file ? file.name : t("guests.import.drop")}</Text>
            <Text size="sm" c="dimmed">
              {t("guests.import.formats")}
            </Text>
          </Dropzone>
          <Switch label={t("guests.import.hasHeaders")} {...form.getInputProps("hasHeaders", { type: "checkbox" })} />
          <Text size="sm" c="dimmed">
            {t("guests.import.matching")}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" disabled={!file} loading={upload.isPending}>
              {t("guests.import.upload")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
