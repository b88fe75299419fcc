import { Button, Drawer, Group, MultiSelect, SegmentedControl, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { TICKET_MAX_QUANTITY_MAX } from "@tessera/shared/schemas/ticketing";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { UnsavedChangesGuard } from "@/components/UnsavedChangesGuard.tsx";
import type { TicketJson } from "@/queries/ticketing.ts";
import { useCreateCoupon, useUpdateCoupon, type CouponJson } from "@/queries/ticketingCoupons.ts";
import { failureText } from "../failureText.ts";
import {
  couponBody,
  couponProblems,
  couponUpdateBody,
  couponValues,
  emptyCouponValues,
  type CouponProblem,
  type CouponValues,
} from "./couponForm.ts";

/** Creates a coupon or changes one, in a drawer beside the list. */
export function CouponDrawer({
  accountId,
  eventId,
  timeZone,
  coupon,
  tickets,
  onClose,
}: {
  accountId: string;
  eventId: string;
  /** The event's time zone: the redeem-by date is typed in it. */
  timeZone: string;
  /** The coupon changed; undefined: a new one. */
  coupon?: CouponJson;
  tickets: readonly TicketJson[];
  onClose(): void;
}) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const language = i18n.language;
  const create = useCreateCoupon(accountId, eventId);
  const update = useUpdateCoupon(accountId, eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues = coupon ? couponValues(coupon, language, timeZone) : emptyCouponValues();
  const form = useForm<CouponValues>({
    initialValues,
    validate: (values) => {
      const problems = couponProblems(values, language, timeZone, { initialRedeemBy: initialValues.redeemBy });
      return Object.fromEntries(
        (Object.entries(problems) as [string, CouponProblem][]).map(([field, key]) => [
          field,
          t(key, { max: TICKET_MAX_QUANTITY_MAX }),
        ]),
      );
    },
  });
  const isSaving = create.isPending || update.isPending;

  async function save(values: CouponValues) {
    setFailure(null);
    try {
      if (coupon)
        await update.mutateAsync({ id: coupon.id, body: couponUpdateBody(values, coupon, language, timeZone) });
      else await create.mutateAsync(couponBody(values, language, timeZone));
      form.resetDirty();
      notifySuccess(t(coupon ? "ticketing.coupons.saved" : "ticketing.coupons.created", { code: values.code }));
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
      title={coupon ? t("ticketing.coupons.editTitle", { code: coupon.code }) : t("ticketing.coupons.createTitle")}
    >
      <UnsavedChangesGuard isDirty={form.isDirty()} />
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <TextInput
            label={t("ticketing.coupons.code")}
            description={t("ticketing.coupons.codeHelp")}
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps("code")}
          />
          <Stack gap={6}>
            <Text id="coupon-kind-label" size="sm" fw={500}>
              {t("ticketing.coupons.kind")}
            </Text>
            <SegmentedControl
              aria-labelledby="coupon-kind-label"
              data={[
                { value: "percent", label: t("ticketing.coupons.percentOff") },
                { value: "amount", label: t("ticketing.coupons.amountOff") },
              ]}
              {...form.getInputProps("kind")}
            />
          </Stack>
          {form.values.kind === "amount" ? (
            <TextInput
              key="amount"
              label={t("ticketing.coupons.amount")}
              rightSection={<Text size="sm">€</Text>}
              inputMode="decimal"
              required
              {...form.getInputProps("amount")}
            />
          ) : (
            <TextInput
              key="percent"
              label={t("ticketing.coupons.percent")}
              rightSection={<Text size="sm">%</Text>}
              inputMode="decimal"
              required
              {...form.getInputProps("percent")}
            />
          )}
          <TextInput
            label={t("ticketing.coupons.maxRedemptions")}
            description={t("ticketing.coupons.maxRedemptionsHelp")}
            inputMode="numeric"
            {...form.getInputProps("maxRedemptions")}
          />
          <TextInput
            type="datetime-local"
            label={t("ticketing.coupons.redeemBy")}
            description={t("ticketing.coupons.redeemByHelp", { timeZone })}
            {...form.getInputProps("redeemBy")}
          />
          <MultiSelect
            label={t("ticketing.coupons.tickets")}
            description={t("ticketing.coupons.ticketsHelp")}
            placeholder={form.values.ticketIds.length ? undefined : t("ticketing.coupons.allTickets")}
            data={tickets.map((ticket) => ({ value: ticket.id, label: ticket.caption }))}
            searchable
            clearable
            nothingFoundMessage={t("ticketing.coupons.noTicket")}
            {...form.getInputProps("ticketIds")}
          />
          <Switch
            label={t("ticketing.coupons.combinable")}
            description={t("ticketing.coupons.combinableHelp")}
            {...form.getInputProps("combinable", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t(coupon ? "common.save" : "ticketing.coupons.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
