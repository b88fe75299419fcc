import { useFormFailure } from "@/app/useFormFailure.ts";
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { requiredRule, showApiErrors } from "@/app/formRules.ts";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useCreateAccount, useUpdateAccount, type AccountCreateBody, type AccountJson } from "@/queries/accounts.ts";

type LimitField = "maxOrganizers" | "maxEvents" | "maxCampaignsPerEvent" | "eventRetentionDays";
const LIMIT_FIELDS: readonly LimitField[] = [
  "maxOrganizers",
  "maxEvents",
  "maxCampaignsPerEvent",
  "eventRetentionDays",
];

/** An empty limit means unlimited. */
interface AccountFormValues extends Record<LimitField, number | ""> {
  name: string;
  twoFactorEnabled: boolean;
  multilang: boolean;
  defaultPlatformDomain: string;
  isActive: boolean;
}

function valuesOf(account: AccountJson | null): AccountFormValues {
  return {
    name: account?.name ?? "",
    maxOrganizers: account?.maxOrganizers ?? "",
    maxEvents: account?.maxEvents ?? "",
    maxCampaignsPerEvent: account?.maxCampaignsPerEvent ?? "",
    eventRetentionDays: account?.eventRetentionDays ?? "",
    twoFactorEnabled: account?.twoFactorEnabled ?? false,
    multilang: account?.multilang ?? false,
    defaultPlatformDomain: account?.defaultPlatformDomain ?? "",
    isActive: account?.isActive ?? true,
  };
}

function bodyOf(values: AccountFormValues, withLimits: boolean): AccountCreateBody {
  const settings = { name: values.name.trim(), twoFactorEnabled: values.twoFactorEnabled, multilang: values.multilang };
  if (!withLimits) return settings;
  return {
    ...settings,
    maxOrganizers: numberOrNull(values.maxOrganizers),
    maxEvents: numberOrNull(values.maxEvents),
    maxCampaignsPerEvent: numberOrNull(values.maxCampaignsPerEvent),
    eventRetentionDays: numberOrNull(values.eventRetentionDays),
    defaultPlatformDomain: values.defaultPlatformDomain.trim().toLowerCase() || null,
  };
}

interface AccountFormModalProps {
  /** null to create a new account. */
  account: AccountJson | null;
  onClose: () => void;
  onSaved: (account: AccountJson) => void;
}

/** Creates an account or edits its limits (an empty limit means unlimited). */
export function AccountFormModal({ account, onClose, onSaved }: AccountFormModalProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const create = useCreateAccount();
  const update = useUpdateAccount();
  // Limits are the platform's to set: a new account is created by a platform administrator.
  const canChangeLimits = account === null || account.abilities.updateLimits === true;
  const form = useForm<AccountFormValues>({ initialValues: valuesOf(account), validate: { name: requiredRule(t) } });
  const [failure, setFailure] = useFormFailure(form);

  function submit(values: AccountFormValues) {
    setFailure(null);
    const body = bodyOf(values, canChangeLimits);
    const saving = account
      ? update.mutateAsync({
          accountId: account.id,
          body: canChangeLimits ? { ...body, isActive: values.isActive } : body,
        })
      : create.mutateAsync(body);
    saving.then(
      (saved) => {
        onSaved(saved);
        onClose();
      },
      (error: unknown) => setFailure(showApiErrors(form, error, errorMessage(error, t))),
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={account ? t("accounts.editTitle", { name: account.name }) : t("accounts.create")}
      centered
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit, () => setFailure(t("errors:incomplete_fields")))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput label={t("fields.name")} data-autofocus {...form.getInputProps("name")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LIMIT_FIELDS.map((field) => (
              <NumberInput
                key={field}
                label={t(`accounts.${field}`)}
                placeholder={t("accounts.unlimited")}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                disabled={!canChangeLimits}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
          <TextInput
            label={t("accounts.defaultPlatformDomain")}
            placeholder="events.example.com"
            disabled={!canChangeLimits}
            {...form.getInputProps("defaultPlatformDomain")}
          />
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
          {account && canChangeLimits && (
            <Switch label={t("accounts.isActive")} {...form.getInputProps("isActive", { type: "checkbox" })} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {account ? t("common.save") : t("accounts.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
