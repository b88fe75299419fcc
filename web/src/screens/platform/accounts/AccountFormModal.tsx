import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError } from "@tessera/shared/client";
import type { Account, AccountCreate } from "@tessera/shared/schemas/users";
import { errorMessage } from "@/app/errorMessage.ts";
import { useStores } from "@/stores/StoresContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

type LimitField = "maxOrganizers" | "maxEvents" | "maxCampaignsPerEvent" | "eventRetentionDays";
const LIMIT_FIELDS: readonly LimitField[] = [
  "maxOrganizers",
  "maxEvents",
  "maxCampaignsPerEvent",
  "eventRetentionDays",
];

interface AccountFormValues extends Record<LimitField, number | null> {
  name: string;
  twoFactorEnabled: boolean;
  multilang: boolean;
  defaultPlatformDomain: string;
  isActive: boolean;
}

function valuesOf(account: Account | null): AccountFormValues {
  return {
    name: account?.name ?? "",
    maxOrganizers: account?.maxOrganizers ?? null,
    maxEvents: account?.maxEvents ?? null,
    maxCampaignsPerEvent: account?.maxCampaignsPerEvent ?? null,
    eventRetentionDays: account?.eventRetentionDays ?? null,
    twoFactorEnabled: account?.twoFactorEnabled ?? false,
    multilang: account?.multilang ?? false,
    defaultPlatformDomain: account?.defaultPlatformDomain ?? "",
    isActive: account?.isActive ?? true,
  };
}

function bodyOf(values: AccountFormValues, withLimits: boolean): AccountCreate {
  const settings = { name: values.name.trim(), twoFactorEnabled: values.twoFactorEnabled, multilang: values.multilang };
  if (!withLimits) return settings;
  return {
    ...settings,
    maxOrganizers: values.maxOrganizers,
    maxEvents: values.maxEvents,
    maxCampaignsPerEvent: values.maxCampaignsPerEvent,
    eventRetentionDays: values.eventRetentionDays,
    defaultPlatformDomain: values.defaultPlatformDomain.trim().toLowerCase() || null,
  };
}

interface AccountFormModalProps {
  /** null to create a new account. */
  account: Account | null;
  onClose: () => void;
  onSaved: (account: Account) => void;
}

/** Creates an account or edits its limits (an empty limit means unlimited). */
export function AccountFormModal({ account, onClose, onSaved }: AccountFormModalProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accounts } = useStores();
  // Limits are the platform's to set: a new account is created by a platform administrator.
  const canChangeLimits = account === null || account.abilities.updateLimits === true;
  const [values, setValues] = useState(() => valuesOf(account));
  const [failure, setFailure] = useState<string | null>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const set = <K extends keyof AccountFormValues>(field: K, value: AccountFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) return setFailure(t("errors:incomplete_fields"));
    setSubmitting(true);
    setFailure(null);
    try {
      const body = bodyOf(values, canChangeLimits);
      const saved = account
        ? await accounts.update(account.id, canChangeLimits ? { ...body, isActive: values.isActive } : body)
        : await accounts.create(body);
      onSaved(saved);
      onClose();
    } catch (error) {
      setSubmitting(false);
      setApiError(isApiError(error) ? error : null);
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={account ? t("accounts.editTitle", { name: account.name }) : t("accounts.create")}
      centered
      size="lg"
    >
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("fields.name")}
            value={values.name}
            onChange={(e) => set("name", e.currentTarget.value)}
            error={apiError?.messageFor("name")}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LIMIT_FIELDS.map((field) => (
              <NumberInput
                key={field}
                label={t(`accounts.${field}`)}
                placeholder={t("accounts.unlimited")}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={values[field] ?? ""}
                onChange={(value) => set(field, typeof value === "number" ? value : null)}
                error={apiError?.messageFor(field)}
                disabled={!canChangeLimits}
              />
            ))}
          </SimpleGrid>
          <TextInput
            label={t("accounts.defaultPlatformDomain")}
            placeholder="events.example.com"
            value={values.defaultPlatformDomain}
            onChange={(e) => set("defaultPlatformDomain", e.currentTarget.value)}
            error={apiError?.messageFor("defaultPlatformDomain")}
            disabled={!canChangeLimits}
          />
          <Switch
            label={t("accounts.twoFactorEnabled")}
            description={t("accounts.twoFactorHelp")}
            checked={values.twoFactorEnabled}
            onChange={(e) => set("twoFactorEnabled", e.currentTarget.checked)}
          />
          <Switch
            label={t("accounts.multilang")}
            description={t("accounts.multilangHelp")}
            checked={values.multilang}
            onChange={(e) => set("multilang", e.currentTarget.checked)}
          />
          {account && canChangeLimits && (
            <Switch
              label={t("accounts.isActive")}
              checked={values.isActive}
              onChange={(e) => set("isActive", e.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {account ? t("common.save") : t("accounts.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
