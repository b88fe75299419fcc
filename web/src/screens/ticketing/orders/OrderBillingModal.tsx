import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useConfirmOrder, useUpdateOrder, type OrderDetailJson } from "@/queries/ticketingOrders.ts";
import { failureText } from "../failureText.ts";
import {
  billingProblems,
  confirmBody,
  orderBillingValues,
  updateBody,
  type BillingProblem,
  type OrderBillingValues,
} from "./billingForm.ts";

/**
 * An order's billing address in a modal: "confirm" records the payment of an order awaiting it with the address
 * (spec §3 order confirmation payload); "edit" corrects the address and the contact (POST orders/{id}).
 */
export function OrderBillingModal({
  accountId,
  order,
  purpose,
  onClose,
}: {
  accountId: string;
  order: OrderDetailJson;
  purpose: "confirm" | "edit";
  onClose(): void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const confirm = useConfirmOrder(accountId, order.eventId);
  const update = useUpdateOrder(accountId, order.eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const withContact = purpose === "edit";
  const form = useForm<OrderBillingValues>({
    initialValues: orderBillingValues(order.billing),
    validate: (values) =>
      Object.fromEntries(
        (Object.entries(billingProblems(values, { withContact })) as [string, BillingProblem][]).map(([field, key]) => [
          field,
          t(key),
        ]),
      ),
  });
  const isSaving = confirm.isPending || update.isPending;
  const reference = order.reference ?? "";

  async function submit(values: OrderBillingValues) {
    setFailure(null);
    try {
      if (purpose === "confirm") {
        await confirm.mutateAsync({ id: order.id, body: confirmBody(values) });
        notifySuccess(t("ticketing.orders.confirm.done", { reference }));
      } else {
        await update.mutateAsync({ id: order.id, body: updateBody(values) });
        notifySuccess(t("ticketing.orders.billing.saved", { reference }));
      }
      onClose();
    } catch (error) {
      setFailure(failureText(error, t));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={
        purpose === "confirm" ? t("ticketing.orders.confirm.title", { reference }) : t("ticketing.orders.billing.title")
      }
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <FailureAlert message={failure} />
          {purpose === "confirm" && <Text size="sm">{t("ticketing.orders.confirm.message")}</Text>}
          <Stack gap={6}>
            <Text id="order-billing-kind" size="sm" fw={500}>
              {t("ticketing.orders.billing.kind")}
            </Text>
            <SegmentedControl
              aria-labelledby="order-billing-kind"
              data={[
                { value: "individual", label: t("ticketing.orders.billing.individual") },
                { value: "company", label: t("ticketing.orders.billing.company") },
              ]}
              value={form.values.isCompany ? "company" : "individual"}
              onChange={(value) => form.setFieldValue("isCompany", value === "company")}
            />
          </Stack>
          <TextInput
            label={
              form.values.isCompany ? t("ticketing.orders.billing.companyName") : t("ticketing.orders.billing.name")
            }
            maxLength={200}
            data-autofocus
            {...form.getInputProps("name")}
          />
          {form.values.isCompany && (
            <TextInput
              label={t("ticketing.params.billing.siret")}
              required
              inputMode="numeric"
              maxLength={20}
              {...form.getInputProps("siret")}
            />
          )}
          <TextInput label={t("ticketing.orders.billing.address")} maxLength={300} {...form.getInputProps("address")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("ticketing.params.billing.zip")} maxLength={20} {...form.getInputProps("zip")} />
            <TextInput label={t("ticketing.params.billing.city")} maxLength={100} {...form.getInputProps("city")} />
          </SimpleGrid>
          {withContact && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="email"
                label={t("ticketing.orders.billing.email")}
                maxLength={254}
                {...form.getInputProps("email")}
              />
              <TextInput
                type="tel"
                label={t("ticketing.orders.billing.phone")}
                maxLength={40}
                {...form.getInputProps("phone")}
              />
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSaving}>
              {purpose === "confirm" ? t("ticketing.orders.actions.confirm") : t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
