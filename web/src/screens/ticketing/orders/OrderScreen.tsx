import { Button, Center, Group, Loader, Paper, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { BackLink } from "@/components/BackLink.tsx";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { OrderStatusBadge } from "@/components/OrderStatusBadge.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useCancelOrder, useOrder } from "@/queries/ticketingOrders.ts";
import { useCurrentEvent } from "../../events/EventContext.ts";
import { AwaitOrderModal } from "./AwaitOrderModal.tsx";
import { OrderBillingModal } from "./OrderBillingModal.tsx";
import { RefundOrderModal } from "./RefundOrderModal.tsx";
import { OrderItemsTable } from "./OrderItemsTable.tsx";
import { OrderMoneyPanel } from "./OrderMoneyPanel.tsx";
import { OrderSummary } from "./OrderSummary.tsx";
import { OrderTimeline } from "./OrderTimeline.tsx";
import { useGuestsBase, useOrdersBase } from "./ordersBase.ts";
import { offeredActions, type PageAction } from "./orderActions.ts";

/** /manage/events/:eventId/ticketing/orders/:orderId: one order, its money, its story and what can be done with it. */
export function OrderScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { orderId = "" } = useParams();
  const { accountId, event } = useCurrentEvent();
  const base = useOrdersBase();
  const guestsBase = useGuestsBase();
  const canEdit = Boolean(event.abilities.update);
  const order = useOrder(accountId, event.id, orderId);
  const cancel = useCancelOrder(accountId, event.id);
  const [doing, setDoing] = useState<PageAction | "billing" | null>(null);

  const back = <BackLink to={base}>{t("ticketing.orders.detail.back")}</BackLink>;
  if (order.error) {
    return (
      <Stack gap="sm">
        {back}
        <FailureAlert message={errorMessage(order.error, t)} />
      </Stack>
    );
  }
  if (!order.data) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  const shown = order.data;
  const reference = shown.reference ?? t("ticketing.orders.noReference");
  const guestHref = (guestId: string) => `${guestsBase}/view/${guestId}`;

  return (
    <Stack gap="md">
      {back}
      <Paper withBorder p="md" component="header" data-testid="order-header">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h3" data-testid="order-title">
              {t("ticketing.orders.detail.title", { reference })}
            </Title>
            <OrderStatusBadge status={shown.status} />
          </Group>
          <Group gap="xs">
            {offeredActions(shown, canEdit).map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === "confirm" ? "filled" : "default"}
                color={action === "cancel" ? "red" : undefined}
                onClick={() => setDoing(action)}
              >
                {t(`ticketing.orders.actions.${action}`)}
              </Button>
            ))}
          </Group>
        </Group>
      </Paper>
      <OrderSummary
        order={shown}
        timeZone={event.timezone}
        guestHref={shown.guestId ? guestHref(shown.guestId) : null}
        onEditBilling={canEdit ? () => setDoing("billing") : undefined}
      />
      <OrderItemsTable order={shown} guestHref={guestHref} />
      <OrderMoneyPanel accountId={accountId} order={shown} timeZone={event.timezone} />
      <OrderTimeline order={shown} timeZone={event.timezone} />
      {(doing === "confirm" || doing === "billing") && (
        <OrderBillingModal
          accountId={accountId}
          order={shown}
          purpose={doing === "confirm" ? "confirm" : "edit"}
          onClose={() => setDoing(null)}
        />
      )}
      {doing === "await" && <AwaitOrderModal accountId={accountId} order={shown} onClose={() => setDoing(null)} />}
      {doing === "refund" && <RefundOrderModal accountId={accountId} order={shown} onClose={() => setDoing(null)} />}
      {doing === "cancel" && (
        <ConfirmModal
          title={t("ticketing.orders.cancel.title", { reference })}
          message={t("ticketing.orders.cancel.message")}
          confirmLabel={t("ticketing.orders.actions.cancel")}
          onConfirm={async () => {
            await cancel.mutateAsync(shown.id);
            notifySuccess(t("ticketing.orders.cancel.done", { reference }));
          }}
          onClose={() => setDoing(null)}
        />
      )}
    </Stack>
  );
}
