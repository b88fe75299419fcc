import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError } from "@tessera/shared/client";
import { errorMessage } from "../../../app/errorMessage.ts";

/** A titled form: read-only (disabled fieldset) unless `canEdit`; shows the outcome of saving. */
export function FormPanel({
  title,
  canEdit,
  onSave,
  onApiError,
  children,
}: {
  title: string;
  canEdit: boolean;
  onSave: () => Promise<unknown>;
  onApiError?: (error: ApiError | null) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const [outcome, setOutcome] = useState<{ color: "red" | "green"; message: string } | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!canEdit) return;
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
    <Paper withBorder p="lg">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {title}
          </Title>
          {outcome && (
            <Alert color={outcome.color} variant="light" role={outcome.color === "red" ? "alert" : "status"}>
              {outcome.message}
            </Alert>
          )}
          {!canEdit && (
            <Text size="sm" c="dimmed">
              {t("settings.readOnly")}
            </Text>
          )}
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
