import {
  Button,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FormPanel } from "@/components/FormPanel.tsx";
import { notifySuccess } from "@/components/notify.ts";
import {
  useAccountStripeKeys,
  useUpdateAccountStripeKeys,
  type AccountStripeKeysJson,
  type AccountStripeKeysUpdateBody,
} from "@/queries/accountStripeKeys.ts";

const MODES = ["test", "live"] as const;
type Mode = (typeof MODES)[number];
interface ModeValues {
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
}

/** What is sent of one mode: the publishable key when it changed, a secret only when one was typed. */
function modeChanges(stored: AccountStripeKeysJson[Mode], values: ModeValues) {
  const publishableKey = values.publishableKey.trim() || null;
  const changes = {
    ...(publishableKey !== stored.publishableKey ? { publishableKey } : {}),
    ...(values.secretKey.trim() ? { secretKey: values.secretKey.trim() } : {}),
    ...(values.webhookSecret.trim() ? { webhookSecret: values.webhookSecret.trim() } : {}),
  };
  return Object.keys(changes).length ? changes : undefined;
}

/**
 * The account's own Stripe keys for card payments, test and live (issue 14): the publishable key shown, the
 * secrets never (set or not, their last four characters); a secret typed replaces the stored one. Without keys for
 * a mode, events in that mode pay with the server's. The webhook endpoint to add in Stripe's dashboard is shown.
 */
export function StripeKeysForm({ accountId }: { accountId: string }) {
  const keys = useAccountStripeKeys(accountId);
  if (!keys.data) return null;
  return <StripeKeysPanel key={JSON.stringify(keys.data)} accountId={accountId} stored={keys.data} />;
}

function StripeKeysPanel({ accountId, stored }: { accountId: string; stored: AccountStripeKeysJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const update = useUpdateAccountStripeKeys(accountId);
  const [removing, setRemoving] = useState<Mode | null>(null);
  const form = useForm<Record<Mode, ModeValues>>({
    initialValues: Object.fromEntries(
      MODES.map((mode) => [
        mode,
        { publishableKey: stored[mode].publishableKey ?? "", secretKey: "", webhookSecret: "" },
      ]),
    ) as Record<Mode, ModeValues>,
  });
  const webhookUrl = `${window.location.origin}${stored.webhookPath}`;

  async function save(values: Record<Mode, ModeValues>) {
    const body: AccountStripeKeysUpdateBody = {};
    for (const mode of MODES) {
      const changes = modeChanges(stored[mode], values[mode]);
      if (changes) body[mode] = changes;
    }
    return update.mutateAsync(body);
  }

  const secretHint = (isSet: boolean, last4: string | null) =>
    isSet ? t("accountSettings.stripe.secretSet", { last4: last4 ?? "" }) : t("accountSettings.stripe.secretNotSet");

  return (
    <FormPanel form={form} title={t("accountSettings.stripe.title")} canEdit onSave={save}>
      <Text size="sm" c="dimmed">
        {t("accountSettings.stripe.help")}
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("accountSettings.stripe.webhook")}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="stripe-webhook-url" style={{ overflowWrap: "anywhere" }}>
            {webhookUrl}
          </Code>
          <CopyButton value={webhookUrl}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="default" onClick={copy}>
                {copied ? t("accountSettings.stripe.copied") : t("accountSettings.stripe.copy")}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          {t("accountSettings.stripe.webhookHelp")}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {MODES.map((mode) => {
          const isSet = stored[mode].publishableKey !== null || stored[mode].secretKeySet;
          return (
            <Stack key={mode} gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Title order={3} size="h5" component="legend">
                {t(`accountSettings.stripe.${mode}`)}
              </Title>
              <TextInput
                label={t("accountSettings.stripe.publishableKey")}
                placeholder={`pk_${mode}_…`}
                autoComplete="off"
                spellCheck={false}
                {...form.getInputProps(`${mode}.publishableKey`)}
              />
              <PasswordInput
                label={t("accountSettings.stripe.secretKey")}
                description={secretHint(stored[mode].secretKeySet, stored[mode].secretKeyLast4)}
                placeholder={`sk_${mode}_…`}
                autoComplete="off"
                {...form.getInputProps(`${mode}.secretKey`)}
              />
              <PasswordInput
                label={t("accountSettings.stripe.webhookSecret")}
                description={secretHint(stored[mode].webhookSecretSet, stored[mode].webhookSecretLast4)}
                placeholder="whsec_…"
                autoComplete="off"
                {...form.getInputProps(`${mode}.webhookSecret`)}
              />
              {isSet && (
                <Group justify="flex-end">
                  <Button size="compact-sm" color="red" variant="subtle" onClick={() => setRemoving(mode)}>
                    {t("accountSettings.stripe.remove")}
                  </Button>
                </Group>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
      {removing && (
        <ConfirmModal
          title={t("accountSettings.stripe.removeTitle", { mode: t(`accountSettings.stripe.${removing}`) })}
          message={t("accountSettings.stripe.removeMessage")}
          confirmLabel={t("accountSettings.stripe.remove")}
          onConfirm={async () => {
            await update.mutateAsync({ [removing]: { publishableKey: null, secretKey: null, webhookSecret: null } });
            notifySuccess(t("accountSettings.stripe.removed"));
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </FormPanel>
  );
}
