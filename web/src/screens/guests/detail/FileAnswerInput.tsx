import { Anchor, Button, FileButton, Group, Input, Text } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CUSTOM_FIELD_FILE_MAX_BYTES } from "@tessera/shared/rules/customFields";
import { errorMessage } from "@/app/errorMessage.ts";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import { guestFileUrl, useUpdateGuest, useUploadGuestFile } from "@/queries/guests.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { ruleMessage } from "./guestForm.ts";

/** What the file picker offers; the API judges the content (PDF, images, DOCX, XLSX, ODT). */
const ACCEPT = ".pdf,.png,.jpg,.jpeg,.webp,.gif,.docx,.xlsx,.odt";

interface FileAnswer {
  fileId: string;
  name: string;
  size: number;
}

function fileAnswerOf(value: unknown): FileAnswer | null {
  if (!value || typeof value !== "object") return null;
  const answer = value as Partial<FileAnswer>;
  return typeof answer.fileId === "string" && typeof answer.name === "string"
    ? { fileId: answer.fileId, name: answer.name, size: Number(answer.size ?? 0) }
    : null;
}

function formatSize(bytes: number, language: string): string {
  const units = ["B", "kB", "MB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

/**
 * A guest's answer to a `file` custom field: the stored file as a download link, a button uploading
 * one (it replaces the current file at once) and one removing it. A guest not saved yet has no file.
 */
export function FileAnswerInput({
  field,
  label,
  description,
  stored,
  guestId,
  disabled,
}: {
  field: CustomFieldJson;
  label: ReactNode;
  description?: string | undefined;
  /** The saved answer (the guest as the query layer holds it: an upload lands there). */
  stored: unknown;
  guestId?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const uploadFile = useUploadGuestFile(accountId, event.id);
  const update = useUpdateGuest(accountId, event.id);
  const [tooBig, setTooBig] = useState<string | null>(null);
  const current = fileAnswerOf(stored);
  const isWorking = uploadFile.isPending || update.isPending;
  const failure = uploadFile.error ?? update.error;
  const error = tooBig ?? (failure ? errorMessage(failure, t) : null);

  function upload(file: File | null) {
    if (!file || !guestId) return;
    setTooBig(null);
    update.reset();
    if (file.size > CUSTOM_FIELD_FILE_MAX_BYTES) {
      setTooBig(ruleMessage(t, "file_too_big", { max: CUSTOM_FIELD_FILE_MAX_BYTES }));
      return;
    }
    uploadFile.mutate({ guestId, customFieldId: field.id, file });
  }

  function remove() {
    if (!guestId) return;
    setTooBig(null);
    uploadFile.reset();
    update.mutate({ guestId, body: { answers: { [field.id]: null } } });
  }

  return (
    <Input.Wrapper label={label} description={description} error={error} required={field.isRequired}>
      <Group gap="sm" mt={4} wrap="wrap" data-testid={`file-answer-${field.id}`}>
        {current && guestId ? (
          <Anchor href={guestFileUrl(accountId, event.id, guestId, current.fileId)} download={current.name}>
            {current.name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t("guests.detail.noFile")}
          </Text>
        )}
        {current && (
          <Text size="xs" c="dimmed">
            {formatSize(current.size, i18n.language)}
          </Text>
        )}
        {!guestId ? (
          <Text size="xs" c="dimmed">
            {t("guests.files.saveFirst")}
          </Text>
        ) : (
          !disabled && (
            <>
              <FileButton onChange={upload} accept={ACCEPT}>
                {(props) => (
                  <Button {...props} size="xs" variant="light" loading={isWorking}>
                    {current ? t("guests.files.replace") : t("guests.files.upload")}
                  </Button>
                )}
              </FileButton>
              {current && (
                <Button size="xs" variant="subtle" color="red" disabled={isWorking} onClick={remove}>
                  {t("guests.files.remove")}
                </Button>
              )}
            </>
          )
        )}
      </Group>
    </Input.Wrapper>
  );
}
