import { NumberInput, SimpleGrid, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/languages";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { fromZonedInput, toZonedInput } from "@/app/zonedTime.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import { useUpdateEvent } from "@/queries/events.ts";
import { useCurrentEvent } from "../EventContext.ts";
import { LanguagesField } from "../LanguagesField.tsx";

export function ParamsTab() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const update = useUpdateEvent(accountId, event.id);
  const form = useForm({
    initialValues: {
      languages: event.languages as Language[],
      maxAttendees: event.maxAttendees ?? ("" as number | ""),
      maxCompanions: event.maxCompanions ?? ("" as number | ""),
      registrationClosesAt: toZonedInput(event.registrationClosesAt, event.timezone),
    },
    // At least one language (LanguagesField says so itself while the choice is empty).
    validate: { languages: (languages) => (languages.length === 0 ? t("validation:required") : null) },
  });
  return (
    <FormPanel
      form={form}
      maw={760}
      canEdit={event.abilities.update === true}
      onSave={(values) =>
        update.mutateAsync({
          languages: values.languages,
          maxAttendees: numberOrNull(values.maxAttendees),
          maxCompanions: numberOrNull(values.maxCompanions),
          registrationClosesAt: fromZonedInput(values.registrationClosesAt, event.timezone),
        })
      }
    >
      <LanguagesField
        value={form.values.languages}
        onChange={(languages) => form.setFieldValue("languages", languages)}
        error={form.errors.languages as string | undefined}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("events.maxAttendees")}
          placeholder={t("accounts.unlimited")}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("maxAttendees")}
        />
        <NumberInput
          label={t("events.maxCompanions")}
          placeholder={t("accounts.unlimited")}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("maxCompanions")}
        />
      </SimpleGrid>
      <TextInput
        type="datetime-local"
        label={t("events.registrationClosesAt")}
        description={t("events.inTimezone", { timezone: event.timezone })}
        maw={320}
        {...form.getInputProps("registrationClosesAt")}
      />
    </FormPanel>
  );
}
