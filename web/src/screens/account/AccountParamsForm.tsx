import { NumberInput, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { requiredRule } from "@/app/formRules.ts";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import { useUpdateAccount, type AccountJson, type AccountUpdateBody } from "@/queries/accounts.ts";

type Limit = "maxOrganizers" | "maxEvents" | "maxCampaignsPerEvent" | "eventRetentionDays";
const LIMITS: readonly Limit[] = ["maxOrganizers", "maxEvents", "maxCampaignsPerEvent", "eventRetentionDays"];

/** Name, two-factor and multilang (account.update); the limits only platform administrators change. */
export function AccountParamsForm({ account }: { account: AccountJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const update = useUpdateAccount();
  const canEdit = account.abilities.update === true;
  const canChangeLimits = account.abilities.updateLimits === true;
  const form = useForm({
    initialValues: {
      name: account.name,
      twoFactorEnabled: account.twoFactorEnabled,
      multilang: account.multilang,
      ...(Object.fromEntries(LIMITS.map((field) => [field, account[field] ?? ""])) as Record<Limit, number | "">),
    },
    validate: { name: requiredRule(t) },
  });

  async function save(values: typeof form.values) {
    const limits = Object.fromEntries(LIMITS.map((field) => [field, numberOrNull(values[field])]));
    const body: AccountUpdateBody = {
      name: values.name.trim(),
      twoFactorEnabled: values.twoFactorEnabled,
      multilang: values.multilang,
      ...(canChangeLimits ? limits : {}),
    };
    // The signed-in user's account follows (the header shows its name).
    await update.mutateAsync({ accountId: account.id, body });
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
