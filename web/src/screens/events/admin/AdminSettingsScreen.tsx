import { Checkbox, Fieldset, NumberInput, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError, EventJson } from "@tessera/shared/client";
import {
  EVENT_MODULES,
  WHITE_LABEL_FLAGS,
  isHostname,
  parseDomainList,
  type EventModule,
  type WhiteLabelFlag,
} from "@tessera/shared/rules/events";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { useEventStore } from "../EventContext.ts";
import { FormPanel } from "@/components/FormPanel.tsx";

/** Platform administrators only (spec §6): white label, modules, retention, offline check-in, domains. */
export const AdminSettingsScreen = observer(function AdminSettingsScreen() {
  const { t } = useTranslation(["web", "validation"]);
  const store = useEventStore();
  const event = store.event!;
  const [whiteLabel, setWhiteLabel] = useState<EventJson["whiteLabel"]>(event.whiteLabel);
  const [modules, setModules] = useState<EventJson["modules"]>(event.modules);
  const [retentionDays, setRetentionDays] = useState<number | null>(event.retentionDays);
  const [maxOffline, setMaxOffline] = useState<number | null>(event.maxOfflineCheckinSessions);
  const [domainsTyped, setDomainsTyped] = useState(event.customDomains.join(", "));
  const [apiError, setApiError] = useState<ApiError | null>(null);

  const domains = parseDomainList(domainsTyped);
  const badDomains = domains.filter((domain) => !isHostname(domain));

  return (
    <FormPanel
      maw={760}
      canEdit={event.abilities.adminSettings === true}
      onApiError={setApiError}
      blockingProblem={badDomains.length > 0}
      onSave={async () => {
        await store.update({
          whiteLabel,
          modules,
          retentionDays,
          maxOfflineCheckinSessions: maxOffline,
          customDomains: domains,
        });
        setDomainsTyped(domains.join(", "));
      }}
    >
      <Fieldset legend={t("admin.whiteLabel")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {WHITE_LABEL_FLAGS.map((flag: WhiteLabelFlag) => (
            <Switch
              key={flag}
              label={t(`admin.whiteLabelFlags.${flag}`)}
              checked={whiteLabel[flag] === true}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setWhiteLabel((current) => ({ ...current, [flag]: checked }));
              }}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("admin.modules")}>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {EVENT_MODULES.map((module: EventModule) => (
            <Checkbox
              key={module}
              label={t(`admin.moduleNames.${module}`)}
              checked={modules[module] !== false}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setModules((current) => ({ ...current, [module]: checked }));
              }}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("admin.retentionDays")}
          placeholder={t("admin.accountDefault")}
          min={1}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          value={retentionDays ?? ""}
          onChange={(value) => setRetentionDays(numberOrNull(value))}
          error={apiError?.messageFor("retentionDays")}
        />
        <NumberInput
          label={t("admin.maxOfflineCheckinSessions")}
          placeholder={t("accounts.unlimited")}
          min={0}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          value={maxOffline ?? ""}
          onChange={(value) => setMaxOffline(numberOrNull(value))}
          error={apiError?.messageFor("maxOfflineCheckinSessions")}
        />
      </SimpleGrid>
      <TextInput
        label={t("admin.customDomains")}
        description={t("admin.customDomainsHelp")}
        placeholder="events.example.org, www.example-expo.com"
        value={domainsTyped}
        onChange={(e) => setDomainsTyped(e.currentTarget.value)}
        error={
          badDomains.length > 0
            ? `${t("validation:hostname_format")} (${badDomains.join(", ")})`
            : ((apiError?.code === "domain_taken" ? apiError.message : undefined) ??
              apiError?.details.find((detail) => detail.field.startsWith("customDomains"))?.message)
        }
      />
    </FormPanel>
  );
});
