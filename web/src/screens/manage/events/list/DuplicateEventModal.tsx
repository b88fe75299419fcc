import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError, type EventJson } from "@tessera/shared/client";
import { slugify, slugProblem } from "@tessera/shared/rules/events";
import { errorMessage } from "../../../../app/errorMessage.ts";
import { useStores } from "../../../../stores/StoresContext.ts";
import { SlugField } from "../SlugField.tsx";

/** Copies an event under a new name and public address. */
export function DuplicateEventModal({
  event,
  onClose,
  onDone,
}: {
  event: EventJson;
  onClose: () => void;
  onDone: (copy: EventJson) => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { events } = useStores();
  const initialName = t("events.copyName", { name: event.name });
  const [name, setName] = useState(initialName);
  const [slug, setSlug] = useState(() => slugify(`${event.slug}-copy`));
  const [isSlugEdited, setSlugEdited] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function duplicate(submitEvent: FormEvent) {
    submitEvent.preventDefault();
    if (!name.trim() || !slug) return setFailure(t("errors:incomplete_fields"));
    if (slugProblem(slug)) return;
    setSubmitting(true);
    setFailure(null);
    setApiError(null);
    try {
      const copy = await events.duplicate(event.id, { name: name.trim(), slug });
      onDone(copy);
      onClose();
    } catch (error) {
      setSubmitting(false);
      const known = isApiError(error) ? error : null;
      setApiError(known);
      if (known?.code !== "slug_taken") setFailure(errorMessage(error, t));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t("events.duplicateTitle", { name: event.name })} centered size="lg">
      <form onSubmit={duplicate} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t("fields.name")}
            value={name}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setName(value);
              if (!isSlugEdited) setSlug(slugify(value));
            }}
            error={apiError?.messageFor("name")}
            data-autofocus
          />
          <SlugField
            value={slug}
            onChange={(value) => {
              setSlugEdited(true);
              setSlug(value);
            }}
            serverError={apiError?.code === "slug_taken" ? apiError.message : apiError?.messageFor("slug")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t("events.duplicate")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
