import { Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useAwaitOrder, type OfflinePaymentMethod, type OrderDetailJson } from "@/queries/ticketingOrders.ts";
import { failureText } from "../failureText.ts";
import { OFFLINE_PAYMENT_METHODS } from "./orderForm.ts";

/** Places an order in cart awaiting an offline payment (a transfer, at the desk …): its places are held. */
export function AwaitOrderModal({
  accountId,
  order,
  onClose,
}: {
  accountId: string;
  order: OrderDetailJson;
  onClose(): void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const place = useAwaitOrder(accountId, order.eventId);
  const [method, setMethod] = useState<OfflinePaymentMethod>("transfer");
  const [failure, setFailure] = useState<string | null>(null);
  const reference = order.reference ?? "";

  async function submit() {
    setFailure(null);
    try {
      await place.mutateAsync({ id: order.id, body: { paymentMethod: method } });
      notifySuccess(t("ticketing.orders.await.done", { reference }));
      onClose();
    } catch (error) {
      setFailure(failureText(error, t));
    }
  }

  return (
    <Modal opened onClose={onClose} centered title={t("ticketing.orders.await.title", { reference })}>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <Text size="sm">{t("ticketing.orders.await.message")}</Text>
        <Radio.Group
          label={t("ticketing.orders.paymentMethod")}
          value={method}
          onChange={(value) => setMethod(value as OfflinePaymentMethod)}
        >
          <Stack gap="xs" mt="xs">
            {OFFLINE_PAYMENT_METHODS.map((value) => (
              <Radio key={value} value={value} label={t(`guests.orders.paymentMethod.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={place.isPending}>
            {t("common.cancel")}
          </Button>
          <Button loading={place.isPending} onClick={() => void submit()}>
            {t("ticketing.orders.actions.await")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
