import "@mantine/dropzone/styles.css";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { formTermsUrl, useUploadFormTerms, type FormJson } from "@/queries/forms.ts";
import { useFormsArea } from "../FormsContext.ts";
import { formatFileSize } from "./formOptions.ts";

/** The terms guests accept: the PDF's name and size with its download, and a drop zone that sets or replaces it. */
export function TermsField({ form }: { form: FormJson }) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useFormsArea();
  const upload = useUploadFormTerms(accountId, event.id);
  const canEdit = form.abilities.update;

  function send(file: File | undefined) {
    if (!file) return;
    upload.mutate(
      { formId: form.id, file },
      { onSuccess: (answer) => notifySuccess(t("forms.options.termsSaved", { name: answer.terms?.name ?? "" })) },
    );
  }

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t("forms.options.terms")}
      </Text>
      {form.terms ? (
        <Group gap="xs" data-testid="form-terms">
          <Anchor href={formTermsUrl(accountId, event.id, form.id)} download={form.terms.name} size="sm">
            {form.terms.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {formatFileSize(form.terms.size, i18n.language)}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t("forms.options.noTerms")}
        </Text>
      )}
      {canEdit && (
        <Dropzone
          onDrop={(files) => send(files[0])}
          onReject={() => upload.reset()}
          accept={{ "application/pdf": [".pdf"] }}
          multiple={false}
          loading={upload.isPending}
          aria-label={form.terms ? t("forms.options.replaceTerms") : t("forms.options.addTerms")}
          inputProps={{ "data-testid": "terms-file" } as InputHTMLAttributes<HTMLInputElement>}
          p="md"
          style={{ textAlign: "center" }}
        >
          <Text size="sm" fw={500}>
            {form.terms ? t("forms.options.replaceTerms") : t("forms.options.addTerms")}
          </Text>
          <Text size="xs" c="dimmed">
            {t("forms.options.termsHelp")}
          </Text>
        </Dropzone>
      )}
      <FailureAlert message={upload.error ? errorMessage(upload.error, t) : null} />
    </Stack>
  );
}
