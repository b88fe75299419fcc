import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  EBADGE_FORMATS,
  EBADGE_NAME_MAX,
  EBADGE_ORIENTATIONS,
  type EbadgeFormat,
  type EbadgeOrientation,
} from "@tessera/shared/rules/ebadges";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useCreateEbadge, type EbadgeJson } from "@/queries/ebadges.ts";
import { useEbadgesArea } from "../EbadgesContext.ts";

interface Values {
  name: string;
  format: EbadgeFormat;
  orientation: EbadgeOrientation;
}

/**
 * Starts a template: its name and page, then the editor opens on it. While another enabled template is the
 * event's default badge (no conditions), the new one starts disabled: two default badges would both go to
 * every guest (spec §5), which the API refuses.
 */
export function CreateEbadgeModal({
  defaultBadge,
  onClose,
  onCreated,
}: {
  defaultBadge: EbadgeJson | undefined;
  onClose(): void;
  onCreated(created: EbadgeJson): void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useEbadgesArea();
  const create = useCreateEbadge(accountId, event.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { name: "", format: "a6", orientation: "portrait" },
    validate: { name: (name) => (name.trim() ? null : t("validation:required")) },
  });

  async function submit(values: Values) {
    setFailure(null);
    try {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        format: values.format,
        orientation: values.orientation,
        isEnabled: !defaultBadge,
      });
      notifySuccess(t("ebadges.createdNotice", { name: created.name }));
      onClose();
      onCreated(created);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t("ebadges.create")} centered>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("ebadges.fields.name")}
            required
            maxLength={EBADGE_NAME_MAX}
            data-autofocus
            {...form.getInputProps("name")}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="new-ebadge-format">
              {t("ebadges.fields.format")}
            </Text>
            <SegmentedControl
              aria-labelledby="new-ebadge-format"
              data={EBADGE_FORMATS.map((format) => ({ value: format, label: t(`ebadges.formats.${format}`) }))}
              {...form.getInputProps("format")}
            />
            <Text size="xs" c="dimmed">
              {t("ebadges.fields.formatHelp")}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="new-ebadge-orientation">
              {t("ebadges.fields.orientation")}
            </Text>
            <SegmentedControl
              aria-labelledby="new-ebadge-orientation"
              data={EBADGE_ORIENTATIONS.map((orientation) => ({
                value: orientation,
                label: t(`ebadges.orientations.${orientation}`),
              }))}
              {...form.getInputProps("orientation")}
            />
          </Stack>
          {defaultBadge && (
            <Alert variant="light" color="blue">
              {t("ebadges.startsDisabled", { name: defaultBadge.name })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("ebadges.createSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
