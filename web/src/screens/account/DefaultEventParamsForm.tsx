import { Center, Loader, NumberInput, SimpleGrid, Switch } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError, DefaultEventParamsJson } from "@tessera/shared/client";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { browserTimeZone } from "@/app/zonedTime.ts";
import { useStores } from "@/stores/StoresContext.ts";
import { CountrySelect } from "../events/CountrySelect.tsx";
import { LanguagesField } from "../events/LanguagesField.tsx";
import { TimeZoneSelect } from "../events/TimeZoneSelect.tsx";
import { FormPanel } from "@/components/FormPanel.tsx";

/** Values every new event of the account starts with (GET/POST /accounts/{a}/default-event-params). */
export function DefaultEventParamsForm({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { context } = useStores();
  const [values, setValues] = useState<DefaultEventParamsJson | null>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);

  useEffect(() => {
    let isCurrent = true;
    context.api.defaultEventParams.get(accountId).then(
      (loaded) => isCurrent && setValues(loaded),
      // Not there yet (or not readable): start from blank defaults.
      () => isCurrent && setValues({}),
    );
    return () => {
      isCurrent = false;
    };
  }, [context, accountId]);

  if (!values) {
    return (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  const set = (patch: DefaultEventParamsJson) => setValues({ ...values, ...patch });
  const languages = values.languages ?? ["en"];

  return (
    <FormPanel
      title={t("accountSettings.defaultEventParams")}
      canEdit={canEdit}
      onApiError={setApiError}
      blockingProblem={languages.length === 0}
      onSave={async () => setValues(await context.api.defaultEventParams.update(accountId, values))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TimeZoneSelect
          value={values.timezone ?? browserTimeZone()}
          onChange={(timezone) => set({ timezone })}
          error={apiError?.messageFor("timezone")}
        />
        <CountrySelect
          value={values.country ?? null}
          onChange={(country) => set({ country })}
          error={apiError?.messageFor("country")}
        />
      </SimpleGrid>
      <LanguagesField
        value={languages}
        onChange={(next) => set({ languages: next })}
        error={apiError?.messageFor("languages")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("events.maxCompanions")}
          placeholder={t("accounts.unlimited")}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={values.maxCompanions ?? ""}
          onChange={(value) => set({ maxCompanions: numberOrNull(value) })}
          error={apiError?.messageFor("maxCompanions")}
        />
        <Switch
          mt={{ sm: 30 }}
          label={t("events.isAllDay")}
          checked={values.isAllDay ?? false}
          onChange={(e) => set({ isAllDay: e.currentTarget.checked })}
        />
      </SimpleGrid>
    </FormPanel>
  );
}
