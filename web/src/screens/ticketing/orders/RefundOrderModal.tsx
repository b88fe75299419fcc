import { Button, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useRefundOrder, type OrderDetailJson } from "@/queries/ticketingOrders.ts";
import { failureText } from "../failureText.ts";
import {
  emptyRefundValues,
  refundableItems,
  refundableUnits,
  refundBodyOf,
  type RefundMode,
  type RefundValues,
} from "./refundForm.ts";

/**
 * Refunds an order (spec §4: full, or partial by items): every unit left, or the units chosen item by item. A
 * partial refund of nothing is refused here, as the API would (at_least_one_item).
 */
export function RefundOrderModal({
  accountId,
  order,
  onClose,
}: {
  accountId: string;
  order: OrderDetailJson;
  onClose(): void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const refund = useRefundOrder(accountId, order.eventId);
  const [values, setValues] = useState<RefundValues>(emptyRefundValues);
  const [failure, setFailure] = useState<string | null>(null);
  const [wrongItem, setWrongItem] = useState<string | null>(null);
  const reference = order.reference ?? "";
  const items = refundableItems(order.items);

  async function submit() {
    setFailure(null);
    setWrongItem(null);
    const check = refundBodyOf(values, order.items);
    if (!("body" in check)) {
      setFailure(t(check.problem));
      setWrongItem(check.itemId ?? null);
      return;
    }
    try {
      await refund.mutateAsync({ id: order.id, body: check.body });
      notifySuccess(t("ticketing.orders.refund.done", { reference }));
      onClose();
    } catch (error) {
      setFailure(failureText(error, t));
    }
  }

  const setQuantity = (itemId: string, text: string) =>
    setValues((current) => ({ ...current, quantities: { ...current.quantities, [itemId]: text } }));

  return (
    <Modal opened onClose={onClose} size="lg" centered title={t("ticketing.orders.refund.title", { reference })}>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <Stack gap={6}>
          <Text id="refund-mode-label" size="sm" fw={500}>
            {t("ticketing.orders.refund.mode")}
          </Text>
          <SegmentedControl
            aria-labelledby="refund-mode-label"
            data={[
              { value: "full", label: t("ticketing.orders.refund.full") },
              { value: "partial", label: t("ticketing.orders.refund.partial") },
            ]}
            value={values.mode}
            onChange={(mode) => setValues((current) => ({ ...current, mode: mode as RefundMode }))}
          />
        </Stack>
        {values.mode === "full" ? (
          <Text size="sm">{t("ticketing.orders.refund.fullMessage")}</Text>
        ) : (
          <Table verticalSpacing="xs" data-testid="refund-items">
            <Table.Caption>{t("ticketing.orders.refund.itemsCaption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("ticketing.orders.items.caption")}</Table.Th>
                <Table.Th ta="right">{t("ticketing.orders.refund.left")}</Table.Th>
                <Table.Th>{t("ticketing.orders.refund.units")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.caption}</Table.Td>
                  <Table.Td ta="right">{refundableUnits(item)}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t("ticketing.orders.refund.unitsOf", { caption: item.caption })}
                      inputMode="numeric"
                      placeholder="0"
                      w={90}
                      value={values.quantities[item.id] ?? ""}
                      error={wrongItem === item.id}
                      onChange={(event) => setQuantity(item.id, event.currentTarget.value)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>
            {t("common.cancel")}
          </Button>
          <Button color="red" loading={refund.isPending} onClick={() => void submit()}>
            {t("ticketing.orders.refund.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
