import { Textarea, TextInput } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "@tessera/shared/client";
import { EVENT_NAME_MAX } from "@tessera/shared/rules/events";
import { useEventStore } from "../EventContext.ts";
import { FormPanel } from "@/components/FormPanel.tsx";

export const DescriptionTab = observer(function DescriptionTab() {
  const { t } = useTranslation("web");
  const store = useEventStore();
  const event = store.event!;
  const [name, setName] = useState(event.name);
  const [moreInformation, setMoreInformation] = useState(event.moreInformation ?? "");
  const [apiError, setApiError] = useState<ApiError | null>(null);
  return (
    <FormPanel
      maw={760}
      canEdit={event.abilities.update === true}
      onApiError={setApiError}
      onSave={() => store.update({ name: name.trim(), moreInformation: moreInformation.trim() || null })}
    >
      <TextInput
        label={t("fields.name")}
        value={name}
        maxLength={EVENT_NAME_MAX}
        onChange={(e) => setName(e.currentTarget.value)}
        error={apiError?.messageFor("name")}
      />
      <TextInput label={t("events.slug")} value={event.slug} readOnly description={t("events.slugImmutable")} />
      <Textarea
        label={t("events.moreInformation")}
        value={moreInformation}
        onChange={(e) => setMoreInformation(e.currentTarget.value)}
        autosize
        minRows={5}
        error={apiError?.messageFor("moreInformation")}
      />
    </FormPanel>
  );
});
