import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { EBADGE_NAME_MAX } from "@tessera/shared/rules/ebadges";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useUpdateEbadge, type EbadgeJson } from "@/queries/ebadges.ts";
import { useEbadgesArea } from "../EbadgesContext.ts";

/** Gives a template another name. */
export function RenameEbadgeModal({ ebadge, onClose }: { ebadge: EbadgeJson; onClose(): void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useEbadgesArea();
  const update = useUpdateEbadge(accountId, event.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: ebadge.name },
    validate: { name: (name) => (name.trim() ? null : t("validation:required")) },
  });

  async function submit({ name }: { name: string }) {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({ id: ebadge.id, body: { name: name.trim() } });
      notifySuccess(t("ebadges.renamedNotice", { name: saved.name }));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t("ebadges.renameTitle", { name: ebadge.name })} centered>
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
