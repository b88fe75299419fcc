import { Button, Fieldset, Group, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { compactSiret, SIRET_LENGTH } from "@tessera/shared/rules/siret";
import {
  ORGANIZER_CITY_MAX,
  ORGANIZER_CORPORATE_NAME_MAX,
  ORGANIZER_LEGAL_MENTIONS_MAX,
  ORGANIZER_LEGAL_STRUCTURE_MAX,
  ORGANIZER_RCS_MAX,
  ORGANIZER_STREET_MAX,
  ORGANIZER_VAT_NUMBER_MAX,
  ORGANIZER_ZIP_MAX,
  VAT_STATUSES,
} from "@tessera/shared/schemas/ticketingBilling";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { UnsavedChangesGuard } from "@/components/UnsavedChangesGuard.tsx";
import { useSaveOrganizer, useUpdateTicketingParams, type OrganizerJson } from "@/queries/ticketingParams.ts";
import { failureText } from "../failureText.ts";
import {
  billingValues,
  emptyBillingValues,
  organizerBody,
  shareCapitalCents,
  siretState,
  type BillingValues,
} from "./billingForm.ts";

/** One organizer's billing details; saving a new one (or one not yet chosen) makes it bill the event's sales. */
export function BillingForm({
  accountId,
  eventId,
  organizer,
  isBilling,
  canEdit,
  onSaved,
}: {
  accountId: string;
  eventId: string;
  /** Undefined: a new organizer. */
  organizer?: OrganizerJson;
  /** The organizer already bills the event. */
  isBilling: boolean;
  canEdit: boolean;
  onSaved(organizer: OrganizerJson): void;
}) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const language = i18n.language;
  const save = useSaveOrganizer(accountId, eventId);
  const link = useUpdateTicketingParams(accountId, eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BillingValues>({
    initialValues: organizer ? billingValues(organizer, language) : emptyBillingValues(),
    validate: {
      corporateName: (value) => (value.trim() ? null : t("validation:required")),
      shareCapital: (value) =>
        shareCapitalCents(value, language) === undefined ? t("ticketing.params.billing.shareCapitalInvalid") : null,
      siret: (value) => {
        const state = siretState(value);
        if (state === "empty") return t("validation:required");
        return state === "valid" ? null : t("validation:siret_invalid");
      },
    },
  });
  const isSaving = save.isPending || link.isPending;
  const siret = siretState(form.values.siret);

  async function submit(values: BillingValues) {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(organizerBody(values, language, organizer?.id));
      if (!isBilling) await link.mutateAsync({ organizerId: saved.id });
      form.resetDirty(billingValues(saved, language));
      notifySuccess(t("ticketing.params.billing.saved", { name: saved.corporateName }));
      onSaved(saved);
    } catch (error) {
      setFailure(failureText(error, t));
    }
  }

  const siretHelp =
    siret === "valid"
      ? t("ticketing.params.billing.siretValid")
      : siret === "invalid"
        ? t("ticketing.params.billing.siretChecksum")
        : t("ticketing.params.billing.siretDigits", {
            typed: compactSiret(form.values.siret).length,
            total: SIRET_LENGTH,
          });

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate aria-labelledby="billing-title">
      <UnsavedChangesGuard isDirty={canEdit && form.isDirty()} />
      <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("ticketing.params.billing.corporateName")}
              required
              maxLength={ORGANIZER_CORPORATE_NAME_MAX}
              {...form.getInputProps("corporateName")}
            />
            <TextInput
              label={t("ticketing.params.billing.legalStructure")}
              placeholder={t("ticketing.params.billing.legalStructureExample")}
              maxLength={ORGANIZER_LEGAL_STRUCTURE_MAX}
              {...form.getInputProps("legalStructure")}
            />
            <TextInput
              label={t("ticketing.params.billing.shareCapital")}
              rightSection={<Text size="sm">€</Text>}
              inputMode="decimal"
              {...form.getInputProps("shareCapital")}
            />
            <TextInput
              label={t("ticketing.params.billing.siret")}
              required
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              description={
                <Text
                  component="span"
                  size="xs"
                  c={siret === "valid" ? "green.9" : siret === "invalid" ? "red.8" : "dimmed"}
                  aria-live="polite"
                  data-testid="siret-check"
                  data-state={siret}
                >
                  {siretHelp}
                </Text>
              }
              {...form.getInputProps("siret")}
            />
            <TextInput
              label={t("ticketing.params.billing.rcsNumber")}
              maxLength={ORGANIZER_RCS_MAX}
              {...form.getInputProps("rcsNumber")}
            />
            <TextInput
              label={t("ticketing.params.billing.vatNumber")}
              maxLength={ORGANIZER_VAT_NUMBER_MAX}
              {...form.getInputProps("vatNumber")}
            />
          </SimpleGrid>
          <Radio.Group label={t("ticketing.params.billing.vatStatus")} required {...form.getInputProps("vatStatus")}>
            <Group gap="lg" mt={6}>
              {VAT_STATUSES.map((status) => (
                <Radio key={status} value={status} label={t(`ticketing.params.billing.vatStatuses.${status}`)} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label={t("ticketing.params.billing.street")}
            maxLength={ORGANIZER_STREET_MAX}
            autoComplete="street-address"
            {...form.getInputProps("street")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("ticketing.params.billing.zip")}
              maxLength={ORGANIZER_ZIP_MAX}
              autoComplete="postal-code"
              {...form.getInputProps("zip")}
            />
            <TextInput
              label={t("ticketing.params.billing.city")}
              maxLength={ORGANIZER_CITY_MAX}
              autoComplete="address-level2"
              {...form.getInputProps("city")}
            />
          </SimpleGrid>
          <Textarea
            label={t("ticketing.params.billing.legalMentions")}
            description={t("ticketing.params.billing.legalMentionsHelp")}
            autosize
            minRows={2}
            maxLength={ORGANIZER_LEGAL_MENTIONS_MAX}
            {...form.getInputProps("legalMentions")}
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={isSaving}>
                {t(organizer ? "ticketing.params.billing.save" : "ticketing.params.billing.create")}
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}
