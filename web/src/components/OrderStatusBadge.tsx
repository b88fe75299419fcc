import { Badge, type MantineColor } from "@mantine/core";
import type { OrderStatus } from "@tessera/shared/rules/orders";
import { useTranslation } from "react-i18next";

const STATUS_COLORS: Record<OrderStatus, MantineColor> = {
  completed: "green",
  awaiting_payment: "yellow",
  partially_refunded: "orange",
  refunded: "gray",
  cancelled: "red",
  in_cart: "blue",
};

/** An order's status (spec §4), in its colour: the Order history, an order's page and a guest's orders. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation("web");
  return (
    // Never cut to "PARTIALLY REFUND…" in a narrow column: the badge keeps its whole label.
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      data-testid="order-status"
      miw="max-content"
      styles={{ label: { overflow: "visible" } }}
    >
      {t(`guests.orders.status.${status}`)}
    </Badge>
  );
}
