import { Button, ColorInput, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { TICKET_CATEGORY_NAME_MAX } from "@tessera/shared/schemas/ticketing";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useCreateTicketCategory, useUpdateTicketCategory, type TicketCategoryJson } from "@/queries/ticketing.ts";
import { failureText } from "./failureText.ts";

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** Creates a category or changes one: its name, its colour and, for a subcategory, its parent. */
export function CategoryModal({
  accountId,
  eventId,
  category,
  parents,
  onClose,
}: {
  accountId: string;
  eventId: string;
  /** The category changed; undefined: a new one. */
  category?: TicketCategoryJson;
  /** The top-level categories it may go under. */
  parents: readonly TicketCategoryJson[];
  onClose(): void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const create = useCreateTicketCategory(accountId, eventId);
  const update = useUpdateTicketCategory(accountId, eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: category?.name ?? "",
      color: category?.color ?? "#228be6",
      parentId: category?.parentId ?? "",
    },
    validate: {
      name: (value) => (value.trim() ? null : t("ticketing.categories.nameRequired")),
      color: (value) => (COLOR.test(value) ? null : t("ticketing.categories.colorInvalid")),
    },
  });
  const isSaving = create.isPending || update.isPending;
  const parentChoices = parents
    .filter((parent) => parent.id !== category?.id)
    .map((parent) => ({ value: parent.id, label: parent.name }));

  async function save(values: typeof form.values) {
    setFailure(null);
    const body = { name: values.name.trim(), color: values.color, parentId: values.parentId || null };
    try {
      if (category) await update.mutateAsync({ id: category.id, body });
      else await create.mutateAsync(body);
      notifySuccess(t(category ? "ticketing.categories.saved" : "ticketing.categories.created", { name: body.name }));
      onClose();
    } catch (error) {
      setFailure(failureText(error, t));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(category ? "ticketing.categories.editTitle" : "ticketing.categories.createTitle")}
      centered
    >
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("ticketing.categories.name")}
            required
            maxLength={TICKET_CATEGORY_NAME_MAX}
            data-autofocus
            {...form.getInputProps("name")}
          />
          <ColorInput
            label={t("ticketing.categories.color")}
            format="hex"
            withEyeDropper={false}
            {...form.getInputProps("color")}
          />
          <Select
            label={t("ticketing.categories.parent")}
            description={t("ticketing.categories.parentHelp")}
            placeholder={t("ticketing.categories.noParent")}
            data={parentChoices}
            clearable
            disabled={parentChoices.length === 0}
            value={form.values.parentId || null}
            onChange={(value) => form.setFieldValue("parentId", value ?? "")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t(category ? "common.save" : "ticketing.categories.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
