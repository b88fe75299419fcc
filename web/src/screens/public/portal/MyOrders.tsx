import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "@/app/formatDate.ts";
import { formatMoney } from "@/app/formatMoney.ts";
import { useMyOrders, type BuyerOrderJson } from "@/queries/ticketOffice.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { InvoiceLinks } from "../orders/InvoiceLinks.tsx";
import { OrderTotals } from "../orders/OrderTotals.tsx";
import { MemberList } from "./MemberSection.tsx";
import { ORDER_STATUS_COLOURS } from "./orderStatusColours.ts";

/** Whether the buyer can still pay the order (a cart holding its places, or awaiting a card payment). */
function canBePaid(order: BuyerOrderJson): boolean {
  return (order.status === "in_cart" || order.status === "awaiting_payment") && order.paymentMethods.length > 0;
}

function OrderCard({ order }: { order: BuyerOrderJson }) {
  const { t } = useTranslation("web");
  const { language, prefix } = useGuestSite();
  const name = order.reference ?? t("public.orders.noReference");
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="my-order">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0}>
            <Text fw={600}>{t("public.orders.reference", { reference: name })}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(order.orderedAt, language)}
            </Text>
          </Stack>
          <Badge color={ORDER_STATUS_COLOURS[order.status]} variant="light">
            {t(`public.orders.status.${order.status}`)}
          </Badge>
        </Group>
        <OrderTotals cart={order} />
        {order.refundedCents > 0 && (
          <Text size="sm" c="teal.9">
            {t("public.orders.refunded", { amount: formatMoney(order.refundedCents, order.currency, language) })}
          </Text>
        )}
        {order.invoices.length > 0 && <InvoiceLinks invoices={order.invoices} currency={order.currency} />}
        {canBePaid(order) && (
          <Button
            component={Link}
            to={`${prefix}${order.payPath}`}
            aria-label={t("public.orders.payLabel", { reference: name })}
            style={{ alignSelf: "flex-start" }}
          >
            {t("public.orders.pay")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** "My orders": the guest's orders with their status, lines, totals and documents; an unpaid one can be paid. */
export function MyOrders() {
  const { t } = useTranslation("web");
  const { eventSlug } = useGuestSite();
  const orders = useMyOrders(eventSlug);
  return (
    <MemberList
      title={t("public.me.orders")}
      testId="my-orders"
      items={orders.data?.data}
      isError={orders.isError}
      onRetry={() => void orders.refetch()}
      keyOf={(order) => order.id}
      render={(order) => <OrderCard order={order} />}
    />
  );
}
