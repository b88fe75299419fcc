import { Center, Loader, NumberInput, SimpleGrid, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/languages";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { browserTimeZone } from "@/app/zonedTime.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import {
  useDefaultEventParams,
  useUpdateDefaultEventParams,
  type DefaultEventParamsJson,
} from "@/queries/defaultEventParams.ts";
import { CountrySelect } from "../events/CountrySelect.tsx";
import { LanguagesField } from "../events/LanguagesField.tsx";
import { TimeZoneSelect } from "../events/TimeZoneSelect.tsx";

/** Values every new event of the account starts with (GET/POST /accounts/{a}/default-event-params). */
export function DefaultEventParamsForm({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const defaults = useDefaultEventParams(accountId);
  const update = useUpdateDefaultEventParams(accountId);
  // Not there (or not readable): start from blank defaults.
  const loaded = defaults.data ?? (defaults.isError ? {} : null);

  if (!loaded) {
    return (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <DefaultEventParamsFields initial={loaded} canEdit={canEdit} onSave={(values) => update.mutateAsync(values)} />
  );
}

function DefaultEventParamsFields({
  initial,
  canEdit,
  onSave,
}: {
  initial: DefaultEventParamsJson;
  canEdit: boolean;
  onSave: (values: DefaultEventParamsJson) => Promise<unknown>;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const form = useForm({
    initialValues: {
      timezone: initial.timezone ?? browserTimeZone(),
      country: initial.country ?? null,
      languages: (initial.languages ?? ["en"]) as Language[],
      maxCompanions: initial.maxCompanions ?? ("" as number | ""),
      isAllDay: initial.isAllDay ?? false,
    },
    // At least one language (LanguagesField says so itself while the choice is empty).
    validate: { languages: (languages) => (languages.length === 0 ? t("validation:required") : null) },
  });
  return (
    <FormPanel
      form={form}
      title={t("accountSettings.defaultEventParams")}
      canEdit={canEdit}
      onSave={(values) => onSave({ ...initial, ...values, maxCompanions: numberOrNull(values.maxCompanions) })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TimeZoneSelect
          value={form.values.timezone}
          onChange={(timezone) => form.setFieldValue("timezone", timezone)}
          error={form.errors.timezone as string | undefined}
        />
        <CountrySelect
          value={form.values.country}
          onChange={(country) => form.setFieldValue("country", country)}
          error={form.errors.country as string | undefined}
        />
      </SimpleGrid>
      <LanguagesField
        value={form.values.languages}
        onChange={(languages) => form.setFieldValue("languages", languages)}
        error={form.errors.languages as string | undefined}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("events.maxCompanions")}
          placeholder={t("accounts.unlimited")}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("maxCompanions")}
        />
        <Switch
          mt={{ sm: 30 }}
          label={t("events.isAllDay")}
          {...form.getInputProps("isAllDay", { type: "checkbox" })}
        />
      </SimpleGrid>
    </FormPanel>
  );
}
