import { NumberInput, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "@tessera/shared/client";
import type { Account, AccountUpdate } from "@tessera/shared/schemas/users";
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
  const [name, setName] = useState(account.name);
  const [twoFactorEnabled, setTwoFactor] = useState(account.twoFactorEnabled);
  const [multilang, setMultilang] = useState(account.multilang);
  const [limits, setLimits] = useState<Record<Limit, number | null>>(() => ({
    maxOrganizers: account.maxOrganizers,
    maxEvents: account.maxEvents,
    maxCampaignsPerEvent: account.maxCampaignsPerEvent,
    eventRetentionDays: account.eventRetentionDays,
  }));
  const [apiError, setApiError] = useState<ApiError | null>(null);

  async function save() {
    const body: AccountUpdate = { name: name.trim(), twoFactorEnabled, multilang, ...(canChangeLimits ? limits : {}) };
    session.replaceAccount(await context.api.accounts.update(account.id, body));
  }

  return (
    <FormPanel title={t("accountSettings.params")} canEdit={canEdit} onSave={save} onApiError={setApiError}>
      <TextInput
        label={t("fields.name")}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={apiError?.messageFor("name")}
      />
      <Switch
        label={t("accounts.twoFactorEnabled")}
        description={t("accounts.twoFactorHelp")}
        checked={twoFactorEnabled}
        onChange={(e) => setTwoFactor(e.currentTarget.checked)}
      />
      <Switch
        label={t("accounts.multilang")}
        description={t("accounts.multilangHelp")}
        checked={multilang}
        onChange={(e) => setMultilang(e.currentTarget.checked)}
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
            value={limits[field] ?? ""}
            onChange={(value) =>
              setLimits((current) => ({ ...current, [field]: typeof value === "number" ? value : null }))
            }
            disabled={!canChangeLimits}
            description={canChangeLimits ? undefined : t("accountSettings.limitsReadOnly")}
            error={apiError?.messageFor(field)}
          />
        ))}
      </SimpleGrid>
    </FormPanel>
  );
}
