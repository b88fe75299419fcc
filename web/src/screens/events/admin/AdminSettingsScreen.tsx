import { Checkbox, Fieldset, NumberInput, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { isApiError } from "@tessera/shared/client";
import {
  EVENT_MODULES,
  WHITE_LABEL_FLAGS,
  isHostname,
  parseDomainList,
  type EventModule,
  type WhiteLabelFlag,
} from "@tessera/shared/rules/events";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import { useUpdateEvent } from "@/queries/events.ts";
import { useCurrentEvent } from "../EventContext.ts";

/** Platform administrators only (spec §6): white label, modules, retention, offline check-in, domains. */
export function AdminSettingsScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const update = useUpdateEvent(accountId, event.id);
  const form = useForm({
    initialValues: {
      whiteLabel: event.whiteLabel,
      modules: event.modules,
      retentionDays: event.retentionDays ?? ("" as number | ""),
      maxOfflineCheckinSessions: event.maxOfflineCheckinSessions ?? ("" as number | ""),
      /** The custom domains as typed, separated by commas (spec §5). */
      domainsTyped: event.customDomains.join(", "),
    },
    validateInputOnChange: ["domainsTyped"],
    validate: {
      domainsTyped: (typed) => {
        const bad = parseDomainList(typed).filter((domain) => !isHostname(domain));
        return bad.length ? `${t("validation:hostname_format")} (${bad.join(", ")})` : null;
      },
    },
  });

  async function save(values: typeof form.values) {
    const domains = parseDomainList(values.domainsTyped);
    try {
      await update.mutateAsync({
        whiteLabel: values.whiteLabel,
        modules: values.modules,
        retentionDays: numberOrNull(values.retentionDays),
        maxOfflineCheckinSessions: numberOrNull(values.maxOfflineCheckinSessions),
        customDomains: domains,
      });
      form.setFieldValue("domainsTyped", domains.join(", "));
    } catch (error) {
      // A domain already taken, or one the API refused, is said under the domains.
      if (isApiError(error)) {
        const message =
          error.code === "domain_taken"
            ? error.message
            : error.details.find((detail) => detail.field.startsWith("customDomains"))?.message;
        if (message) form.setFieldError("domainsTyped", message);
      }
      throw error;
    }
  }

  return (
    <FormPanel form={form} maw={760} canEdit={event.abilities.adminSettings === true} onSave={save}>
      <Fieldset legend={t("admin.whiteLabel")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {WHITE_LABEL_FLAGS.map((flag: WhiteLabelFlag) => (
            <Switch
              key={flag}
              label={t(`admin.whiteLabelFlags.${flag}`)}
              checked={form.values.whiteLabel[flag] === true}
              onChange={(e) => form.setFieldValue(`whiteLabel.${flag}`, e.currentTarget.checked)}
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
              checked={form.values.modules[module] !== false}
              onChange={(e) => form.setFieldValue(`modules.${module}`, e.currentTarget.checked)}
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
          {...form.getInputProps("retentionDays")}
        />
        <NumberInput
          label={t("admin.maxOfflineCheckinSessions")}
          placeholder={t("accounts.unlimited")}
          min={0}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("maxOfflineCheckinSessions")}
        />
      </SimpleGrid>
      <TextInput
        label={t("admin.customDomains")}
        description={t("admin.customDomainsHelp")}
        placeholder="events.example.org, www.example-expo.com"
        {...form.getInputProps("domainsTyped")}
      />
    </FormPanel>
  );
}
