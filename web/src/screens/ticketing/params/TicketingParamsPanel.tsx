import { Button, Checkbox, Fieldset, Group, Paper, Radio, Stack, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  TICKETING_MODES,
  TICKETING_PAYMENT_METHODS,
  TICKETING_TERMS_MAX,
} from "@tessera/shared/schemas/ticketingBilling";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { UnsavedChangesGuard } from "@/components/UnsavedChangesGuard.tsx";
import { useUpdateTicketingParams, type TicketingParamsJson } from "@/queries/ticketingParams.ts";
import { failureText } from "../failureText.ts";
import { paramsBody, paramsValues, type ParamsValues } from "./paramsForm.ts";

/** The event's ticketing parameters (spec §4): card payments in test or live mode, payment methods, terms. */
export function TicketingParamsPanel({
  accountId,
  eventId,
  params,
  canEdit,
}: {
  accountId: string;
  eventId: string;
  params: TicketingParamsJson;
  canEdit: boolean;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const update = useUpdateTicketingParams(accountId, eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ParamsValues>({ initialValues: paramsValues(params) });

  async function save(values: ParamsValues) {
    setFailure(null);
    const body = paramsBody(values, params);
    try {
      const saved = body ? await update.mutateAsync(body) : params;
      form.setValues(paramsValues(saved));
      form.resetDirty(paramsValues(saved));
      notifySuccess(t("ticketing.params.settings.saved"));
    } catch (error) {
      setFailure(failureText(error, t));
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="params-title">
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <UnsavedChangesGuard isDirty={canEdit && form.isDirty()} />
        <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
          <Stack gap="md">
            <Title order={2} size="h4" id="params-title">
              {t("ticketing.params.settings.title")}
            </Title>
            <FailureAlert message={failure} />
            <Radio.Group
              label={t("ticketing.params.settings.mode")}
              description={t("ticketing.params.settings.modeHelp")}
              {...form.getInputProps("mode")}
            >
              <Group gap="lg" mt={6}>
                {TICKETING_MODES.map((mode) => (
                  <Radio key={mode} value={mode} label={t(`ticketing.params.modes.${mode}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Checkbox.Group
              label={t("ticketing.params.settings.paymentMethods")}
              description={t("ticketing.params.settings.paymentMethodsHelp")}
              {...form.getInputProps("paymentMethods")}
            >
              <Group gap="lg" mt={6}>
                {TICKETING_PAYMENT_METHODS.map((method) => (
                  <Checkbox key={method} value={method} label={t(`ticketing.params.paymentMethods.${method}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Textarea
              label={t("ticketing.params.settings.terms")}
              description={t("ticketing.params.settings.termsHelp")}
              autosize
              minRows={4}
              maxRows={16}
              maxLength={TICKETING_TERMS_MAX}
              {...form.getInputProps("terms")}
            />
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending}>
                  {t("common.save")}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
      </form>
    </Paper>
  );
}
