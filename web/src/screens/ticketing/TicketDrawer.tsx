import {
  ActionIcon,
  Button,
  Checkbox,
  Drawer,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { TICKET_CAPTION_MAX, TICKET_DESCRIPTION_MAX, TICKET_MAX_QUANTITY_MAX } from "@tessera/shared/schemas/ticketing";
import type { Language } from "@tessera/shared/i18n/languages";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/app/formatMoney.ts";
import { fromZonedInput } from "@/app/zonedTime.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { IconPlus, IconTrash } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { UnsavedChangesGuard } from "@/components/UnsavedChangesGuard.tsx";
import { useCreateTicket, useUpdateTicket, type TicketCategoryJson, type TicketJson } from "@/queries/ticketing.ts";
import { failureText } from "./failureText.ts";
import { amountToCents, derivedPriceCents, TICKETING_CURRENCY } from "./prices.ts";
import {
  emptyTicketValues,
  newPeriodKey,
  taxRateOf,
  ticketBody,
  ticketValues,
  type TicketValues,
} from "./ticketForm.ts";

/** Creates a ticket or changes one, with its price periods, in a drawer beside the list. */
export function TicketDrawer({
  accountId,
  eventId,
  timeZone,
  ticket,
  categories,
  onClose,
}: {
  accountId: string;
  eventId: string;
  /** The event's time zone: the periods' dates are typed in it. */
  timeZone: string;
  /** The ticket changed; undefined: a new one. */
  ticket?: TicketJson;
  categories: readonly TicketCategoryJson[];
  onClose(): void;
}) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const language = i18n.language;
  const create = useCreateTicket(accountId, eventId);
  const update = useUpdateTicket(accountId, eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TicketValues>({
    initialValues: ticket ? ticketValues(ticket, language, timeZone) : emptyTicketValues(language, timeZone),
    validate: {
      caption: (value) => (value.trim() ? null : t("ticketing.tickets.captionRequired")),
      taxRate: (value, values) =>
        values.noVat || taxRateOf({ noVat: false, taxRate: value }, language) !== undefined
          ? null
          : t("ticketing.tickets.taxRateInvalid"),
      maxQuantity: (value) => {
        if (!value.trim()) return null;
        const quantity = Number(value);
        return Number.isInteger(quantity) && quantity >= 1 && quantity <= TICKET_MAX_QUANTITY_MAX
          ? null
          : t("ticketing.tickets.maxQuantityInvalid", { max: TICKET_MAX_QUANTITY_MAX });
      },
      periods: {
        startsAt: (value) => (fromZonedInput(value, timeZone) ? null : t("ticketing.periods.startRequired")),
        amount: (value) => (amountToCents(value, language) !== undefined ? null : t("ticketing.periods.amountInvalid")),
      },
    },
  });
  const isSaving = create.isPending || update.isPending;
  const taxRateBp = taxRateOf(form.values, language);

  async function save(values: TicketValues) {
    setFailure(null);
    const body = ticketBody(values, language, timeZone);
    try {
      if (ticket) await update.mutateAsync({ id: ticket.id, body });
      else await create.mutateAsync(body);
      form.resetDirty();
      notifySuccess(t(ticket ? "ticketing.tickets.saved" : "ticketing.tickets.created", { caption: body.caption }));
      onClose();
    } catch (error) {
      setFailure(failureText(error, t));
    }
  }

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={
        ticket ? t("ticketing.tickets.editTitle", { caption: ticket.caption }) : t("ticketing.tickets.createTitle")
      }
    >
      <UnsavedChangesGuard isDirty={form.isDirty()} />
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("ticketing.tickets.caption")}
            required
            maxLength={TICKET_CAPTION_MAX}
            data-autofocus
            {...form.getInputProps("caption")}
          />
          <Textarea
            label={t("ticketing.tickets.description")}
            autosize
            minRows={2}
            maxLength={TICKET_DESCRIPTION_MAX}
            {...form.getInputProps("description")}
          />
          <Group align="flex-start" grow>
            <TextInput
              label={t("ticketing.tickets.taxRate")}
              rightSection={<Text size="sm">%</Text>}
              inputMode="decimal"
              disabled={form.values.noVat}
              {...form.getInputProps("taxRate")}
            />
            <Checkbox
              mt={32}
              label={t("ticketing.tickets.noVat")}
              {...form.getInputProps("noVat", { type: "checkbox" })}
            />
          </Group>
          <TextInput
            label={t("ticketing.tickets.maxQuantity")}
            description={t("ticketing.tickets.maxQuantityHelp")}
            inputMode="numeric"
            {...form.getInputProps("maxQuantity")}
          />
          <Select
            label={t("ticketing.tickets.category")}
            placeholder={t("ticketing.tickets.noCategory")}
            clearable
            data={categories.map((category) => ({
              value: category.id,
              label: category.parentId
                ? `${categories.find((parent) => parent.id === category.parentId)?.name ?? ""} › ${category.name}`
                : category.name,
            }))}
            value={form.values.categoryId || null}
            onChange={(value) => form.setFieldValue("categoryId", value ?? "")}
          />
          <Switch label={t("ticketing.tickets.isOnSale")} {...form.getInputProps("isOnSale", { type: "checkbox" })} />
          <Switch
            label={t("ticketing.tickets.isOption")}
            description={t("ticketing.tickets.isOptionHelp")}
            {...form.getInputProps("isOption", { type: "checkbox" })}
          />
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} size="sm">
              {t("ticketing.periods.title")}
            </Text>
            {form.values.periods.map((period, index) => {
              const cents = amountToCents(period.amount, language);
              const derived =
                cents !== undefined && taxRateBp !== undefined
                  ? derivedPriceCents(cents, period.basis, taxRateBp)
                  : undefined;
              return (
                <Paper key={period.key} withBorder p="sm" data-testid="price-period">
                  <Stack gap="xs">
                    <Group grow align="flex-start">
                      <TextInput
                        type="datetime-local"
                        label={t("ticketing.periods.startsAt")}
                        required
                        {...form.getInputProps(`periods.${index}.startsAt`)}
                      />
                      <TextInput
                        type="datetime-local"
                        label={t("ticketing.periods.endsAt")}
                        description={t("ticketing.periods.endsAtHelp")}
                        {...form.getInputProps(`periods.${index}.endsAt`)}
                      />
                    </Group>
                    <SegmentedControl
                      aria-label={t("ticketing.periods.basis")}
                      data={[
                        { value: "includingTax", label: t("ticketing.periods.includingTax") },
                        { value: "excludingTax", label: t("ticketing.periods.excludingTax") },
                      ]}
                      {...form.getInputProps(`periods.${index}.basis`)}
                    />
                    <Group align="flex-end" wrap="nowrap">
                      <TextInput
                        style={{ flex: 1 }}
                        label={t(
                          period.basis === "includingTax"
                            ? "ticketing.periods.priceIncl"
                            : "ticketing.periods.priceExcl",
                        )}
                        rightSection={<Text size="sm">€</Text>}
                        inputMode="decimal"
                        required
                        {...form.getInputProps(`periods.${index}.amount`)}
                      />
                      {form.values.periods.length > 1 && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t("ticketing.periods.remove", { position: index + 1 })}
                          onClick={() => form.removeListItem("periods", index)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed" data-testid="derived-price" aria-live="polite">
                      {derived === undefined
                        ? t("ticketing.periods.derivedUnknown")
                        : t(
                            period.basis === "includingTax"
                              ? "ticketing.periods.derivedExcl"
                              : "ticketing.periods.derivedIncl",
                            { price: formatMoney(derived, TICKETING_CURRENCY, language as Language) },
                          )}
                    </Text>
                  </Stack>
                </Paper>
              );
            })}
            <Button
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                form.insertListItem("periods", {
                  key: newPeriodKey(),
                  startsAt: "",
                  endsAt: "",
                  basis: "includingTax",
                  amount: "",
                })
              }
              style={{ alignSelf: "flex-start" }}
            >
              {t("ticketing.periods.add")}
            </Button>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t(ticket ? "common.save" : "ticketing.tickets.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
