import { Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { EVENT_NAME_MAX } from "@tessera/shared/rules/events";
import { FormPanel } from "@/components/FormPanel.tsx";
import { useUpdateEvent } from "@/queries/events.ts";
import { useCurrentEvent } from "../EventContext.ts";

export function DescriptionTab() {
  const { t } = useTranslation("web");
  const { accountId, event } = useCurrentEvent();
  const update = useUpdateEvent(accountId, event.id);
  const form = useForm({ initialValues: { name: event.name, moreInformation: event.moreInformation ?? "" } });
  return (
    <FormPanel
      form={form}
      maw={760}
      canEdit={event.abilities.update === true}
      onSave={(values) =>
        update.mutateAsync({ name: values.name.trim(), moreInformation: values.moreInformation.trim() || null })
      }
    >
      <TextInput label={t("fields.name")} maxLength={EVENT_NAME_MAX} {...form.getInputProps("name")} />
      <TextInput label={t("events.slug")} value={event.slug} readOnly description={t("events.slugImmutable")} />
      <Textarea label={t("events.moreInformation")} autosize minRows={5} {...form.getInputProps("moreInformation")} />
    </FormPanel>
  );
}
