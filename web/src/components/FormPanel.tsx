import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError } from "@tessera/shared/client";
import { errorMessage } from "../app/errorMessage.ts";
import { OutcomeAlert } from "./OutcomeAlert.tsx";
import type { ScreenNotice } from "./ScreenAlerts.tsx";

interface FormPanelProps {
  /** Shown as a heading above the form when given. */
  title?: string;
  /** Maximum width of the panel. */
  maw?: number;
  canEdit: boolean;
  /** Saves; a rejection is shown above the fields (and its 422 details next to them via `onApiError`). */
  onSave: () => Promise<unknown>;
  onApiError?: (error: ApiError | null) => void;
  /** A problem found before sending (the form is not sent). */
  blockingProblem?: boolean;
  children: ReactNode;
}

/** A form in a panel: read-only (disabled fieldset) unless `canEdit`; a save button and the outcome of saving. */
export function FormPanel({
  title,
  maw,
  canEdit,
  onSave,
  onApiError,
  blockingProblem = false,
  children,
}: FormPanelProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const [outcome, setOutcome] = useState<ScreenNotice | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!canEdit || blockingProblem) return;
    setSaving(true);
    setOutcome(null);
    onApiError?.(null);
    try {
      await onSave();
      setOutcome({ color: "green", message: t("settings.saved") });
    } catch (error) {
      onApiError?.(isApiError(error) ? error : null);
      setOutcome({ color: "red", message: errorMessage(error, t) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="lg" maw={maw}>
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          {title && (
            <Title order={2} size="h4">
              {title}
            </Title>
          )}
          <OutcomeAlert outcome={outcome} />
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
                {t("common.save")}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
