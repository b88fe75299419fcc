import { useFormFailure } from "../app/useFormFailure.ts";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../app/errorMessage.ts";
import { showApiErrors } from "../app/formRules.ts";
import { FailureAlert } from "./FailureAlert.tsx";
import { UnsavedChangesGuard } from "./UnsavedChangesGuard.tsx";
import { notifySuccess } from "./notify.ts";

interface FormPanelProps<Values, Answer> {
  /** The form (@mantine/form): its validators, the shared rules, run before anything is sent. */
  form: UseFormReturnType<Values>;
  /** Shown as a heading above the form when given. */
  title?: string;
  /** Maximum width of the panel. */
  maw?: number;
  canEdit: boolean;
  /** Saves the checked values; a refusal is shown above the fields, and each field it names under that field. */
  onSave: (values: Values) => Promise<Answer>;
  /** Said once saved (default: "The changes have been saved."); from the answer when it depends on it. */
  savedMessage?: string | ((answer: Answer) => string);
  /** The label of the save button (default: "Save"). */
  submitLabel?: string;
  children: ReactNode;
}

/** A form in a panel: read-only (disabled fieldset) unless `canEdit`; a save button and the outcome of saving. */
export function FormPanel<Values, Answer = unknown>({
  form,
  title,
  maw,
  canEdit,
  onSave,
  savedMessage,
  submitLabel,
  children,
}: FormPanelProps<Values, Answer>) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const [failure, setFailure] = useFormFailure(form);
  const [isSaving, setSaving] = useState(false);

  async function save(values: Values) {
    if (!canEdit) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await onSave(values);
      form.resetDirty();
      notifySuccess(typeof savedMessage === "function" ? savedMessage(answer) : (savedMessage ?? t("settings.saved")));
    } catch (error) {
      const message = errorMessage(error, t);
      showApiErrors(form, error, message);
      setFailure(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="lg" maw={maw}>
      {canEdit && <UnsavedChangesGuard isDirty={form.isDirty()} />}
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="md">
          {title && (
            <Title order={2} size="h4">
              {title}
            </Title>
          )}
          <FailureAlert message={failure} />
          {!canEdit && (
            <Text size="sm" c="dimmed">
              {t("settings.readOnly")}
            </Text>
          )}
          {/* A disabled fieldset makes every field inside read-only for readers. */}
          <fieldset disabled={!canEdit} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Stack gap="md">{children}</Stack>
          </fieldset>
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={isSaving}>
                {submitLabel ?? t("common.save")}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
