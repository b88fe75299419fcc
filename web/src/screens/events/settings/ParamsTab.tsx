import { NumberInput, SimpleGrid, TextInput } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "@tessera/shared/client";
import type { Language } from "@tessera/shared/i18n/index";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { fromZonedInput, toZonedInput } from "@/app/zonedTime.ts";
import { useEventStore } from "../EventContext.ts";
import { LanguagesField } from "../LanguagesField.tsx";
import { FormPanel } from "@/components/FormPanel.tsx";

export const ParamsTab = observer(function ParamsTab() {
  const { t } = useTranslation("web");
  const store = useEventStore();
  const event = store.event!;
  const [languages, setLanguages] = useState<Language[]>(event.languages);
  const [maxAttendees, setMaxAttendees] = useState<number | null>(event.maxAttendees);
  const [maxCompanions, setMaxCompanions] = useState<number | null>(event.maxCompanions);
  const [closesAt, setClosesAt] = useState(toZonedInput(event.registrationClosesAt, event.timezone));
  const [apiError, setApiError] = useState<ApiError | null>(null);
  return (
    <FormPanel
      maw={760}
      canEdit={event.abilities.update === true}
      onApiError={setApiError}
      blockingProblem={languages.length === 0}
      onSave={() =>
        store.update({
          languages,
          maxAttendees,
          maxCompanions,
          registrationClosesAt: fromZonedInput(closesAt, event.timezone),
        })
      }
    >
      <LanguagesField value={languages} onChange={setLanguages} error={apiError?.messageFor("languages")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("events.maxAttendees")}
          placeholder={t("accounts.unlimited")}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={maxAttendees ?? ""}
          onChange={(value) => setMaxAttendees(numberOrNull(value))}
          error={apiError?.messageFor("maxAttendees")}
        />
        <NumberInput
          label={t("events.maxCompanions")}
          placeholder={t("accounts.unlimited")}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={maxCompanions ?? ""}
          onChange={(value) => setMaxCompanions(numberOrNull(value))}
          error={apiError?.messageFor("maxCompanions")}
        />
      </SimpleGrid>
      <TextInput
        type="datetime-local"
        label={t("events.registrationClosesAt")}
        description={t("events.inTimezone", { timezone: event.timezone })}
        value={closesAt}
        onChange={(e) => setClosesAt(e.currentTarget.value)}
        error={apiError?.messageFor("registrationClosesAt")}
        maw={320}
      />
    </FormPanel>
  );
});
