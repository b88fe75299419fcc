import { NumberInput, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { Account, AccountUpdate } from "@tessera/shared/schemas/users";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { useStores } from "@/stores/StoresContext.ts";
import { FormPanel } from "@/components/FormPanel.tsx";

type Limit = "maxOrganizers" | "maxEvents" | "maxCampaignsPerEvent" | "eventRetentionDays";
const LIMITS: readonly Limit[] = ["maxOrganizers", "maxEvents", "maxCampaignsPerEvent", "eventRetentionDays"];

/** Name, two-factor and multilang (account.update); the limits only platform administrators change. */
export function AccountParamsForm({ account }: { account: Account }) {
  const { t } = useTranslation("web");
  const { session, context } = useStores();
  const canEdit = account.abilities.update === true;
  const canChangeLimits = account.abilities.updateLimits === true;
  const form = useForm({
    initialValues: {
      name: account.name,
      twoFactorEnabled: account.twoFactorEnabled,
      multilang: account.multilang,
      ...(Object.fromEntries(LIMITS.map((field) => [field, account[field] ?? ""])) as Record<Limit, number | "">),
    },
  });

  async function save(values: typeof form.values) {
    const limits = Object.fromEntries(LIMITS.map((field) => [field, numberOrNull(values[field])]));
    const body: AccountUpdate = {
      name: values.name.trim(),
      twoFactorEnabled: values.twoFactorEnabled,
      multilang: values.multilang,
      ...(canChangeLimits ? limits : {}),
    };
    session.replaceAccount(await context.api.accounts.update(account.id, body));
  }

  return (
    <FormPanel form={form} title={t("accountSettings.params")} canEdit={canEdit} onSave={save}>
      <TextInput label={t("fields.name")} {...form.getInputProps("name")} />
      <Switch
        label={t("accounts.twoFactorEnabled")}
        description={t("accounts.twoFactorHelp")}
        {...form.getInputProps("twoFactorEnabled", { type: "checkbox" })}
      />
      <Switch
        label={t("accounts.multilang")}
        description={t("accounts.multilangHelp")}
        {...form.getInputProps("multilang", { type: "checkbox" })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LIMITS.map((field) => (
          <NumberInput
            key={field}
            label={t(`accounts.${field}`)}
            placeholder={t("accounts.unlimited")}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            disabled={!canChangeLimits}
            description={canChangeLimits ? undefined : t("accountSettings.limitsReadOnly")}
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
    </FormPanel>
  );
}
