import { Button, FileButton, Group, Input, Progress, Text, VisuallyHidden } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@tessera/shared/client";
import { CUSTOM_FIELD_FILE_MAX_BYTES } from "@tessera/shared/rules/customFields";
import { errorMessage } from "@/app/errorMessage.ts";
import { useUploadFormFile } from "@/queries/publicForms.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { FORM_PATH_ATTRIBUTE } from "./focusFirstError.ts";
import {
  fileSizeText,
  isKeptFile,
  type PublicFieldJson,
  type RegistrationValues,
  type UploadedFile,
} from "./registrationValues.ts";

/** What the upload API takes (it judges the content; the picker only suggests these). */
const ACCEPTED = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.oasis.opendocument.text",
].join(",");

/**
 * A file question of the registration form: the chosen file is uploaded at once (its progress shown), then
 * named with its size, to replace or remove; the API's refusals (too big, a type it does not take) are shown
 * at the question in the page's language. The form sends the upload's `{ uploadId, uploadKey }`. Changing a
 * registration, the file the guest answered with is shown as the current one, kept unless replaced or removed.
 */
export function FileQuestion({
  field,
  form,
  formId,
}: {
  field: PublicFieldJson;
  form: UseFormReturnType<RegistrationValues>;
  formId: string;
}) {
  const { t } = useTranslation(["web", "validation"]);
  const { eventSlug, language } = useGuestSite();
  const upload = useUploadFormFile(eventSlug, formId);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [status, setStatus] = useState("");
  const aborter = useRef<AbortController | null>(null);
  const resetPicker = useRef<() => void>(null);
  const path = `answers.${field.id}`;
  const file = form.getValues().files?.[field.id];
  const error = form.errors[path];

  useEffect(() => () => aborter.current?.abort(), []);

  function setFile(next: UploadedFile | undefined) {
    const files = { ...form.getValues().files };
    if (next) files[field.id] = next;
    else delete files[field.id];
    form.setFieldValue("files", files);
  }

  function choose(chosen: File | null) {
    resetPicker.current?.();
    if (!chosen) return;
    form.clearFieldError(path);
    if (chosen.size > CUSTOM_FIELD_FILE_MAX_BYTES) {
      form.setFieldError(path, t("validation:file_too_big"));
      return;
    }
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setProgress({ name: chosen.name, percent: 0 });
    setStatus(t("public.form.fileUploading", { name: chosen.name }));
    upload
      .mutateAsync({
        file: chosen,
        customFieldId: field.id,
        signal: controller.signal,
        onProgress: (fraction) => setProgress({ name: chosen.name, percent: Math.round(fraction * 100) }),
      })
      .then(
        (uploaded) => {
          setFile(uploaded);
          setStatus(
            t("public.form.fileUploaded", { name: uploaded.name, size: fileSizeText(uploaded.size, language) }),
          );
        },
        (caught: unknown) => {
          if (controller.signal.aborted) return;
          // A refusal about the file (too big, a type the API does not take) in the page's language.
          const message = isApiError(caught) ? (caught.details[0]?.message ?? caught.message) : errorMessage(caught, t);
          form.setFieldError(path, message);
          setStatus("");
        },
      )
      .finally(() => {
        if (aborter.current === controller) setProgress(null);
      });
  }

  function remove() {
    setFile(undefined);
    form.clearFieldError(path);
    setStatus(t("public.form.fileRemoved"));
  }

  return (
    <Input.Wrapper
      {...{ [FORM_PATH_ATTRIBUTE]: path }}
      tabIndex={-1}
      labelElement="div"
      label={field.label}
      description={
        <>
          {field.helpText}
          {field.helpText ? <br /> : null}
          {t("public.form.fileHint")}
        </>
      }
      required={field.isRequired}
      error={error}
      data-testid={`file-question-${field.id}`}
    >
      {progress ? (
        <Progress.Root size="lg" mt="xs" transitionDuration={150}>
          {/* The bar itself is the progressbar, named and with its value in words. */}
          <Progress.Section
            value={progress.percent}
            withAria={false}
            role="progressbar"
            aria-label={t("public.form.fileUploading", { name: progress.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-valuetext={`${progress.percent} %`}
          />
        </Progress.Root>
      ) : file ? (
        <Text size="sm" mt="xs" fw={500} data-testid={isKeptFile(file) ? "current-file" : "uploaded-file"}>
          {t(isKeptFile(file) ? "public.form.fileCurrent" : "public.form.fileAttached", {
            name: file.name,
            size: fileSizeText(file.size, language),
          })}
        </Text>
      ) : null}
      <Group gap="sm" mt="xs">
        <FileButton onChange={choose} accept={ACCEPTED} resetRef={resetPicker} disabled={progress !== null}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              aria-label={`${file ? t("public.form.fileReplace") : t("public.form.fileChoose")} (${field.label})`}
              data-testid="choose-file"
            >
              {file ? t("public.form.fileReplace") : t("public.form.fileChoose")}
            </Button>
          )}
        </FileButton>
        {file && !progress && (
          <Button variant="subtle" color="red" onClick={remove} data-testid="remove-file">
            {t("public.form.fileRemove", { name: file.name })}
          </Button>
        )}
      </Group>
      {/* Said politely to screen readers: sending, sent, removed (the page shows the same its own way). */}
      <VisuallyHidden role="status">{status}</VisuallyHidden>
    </Input.Wrapper>
  );
}
