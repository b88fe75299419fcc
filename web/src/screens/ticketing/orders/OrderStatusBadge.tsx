import { Badge } from "@mantine/core";
import type { OrderStatus } from "@tessera/shared/rules/orders";
import { useTranslation } from "react-i18next";
import { STATUS_COLORS } from "./orderDisplay.ts";

/** An order's status (spec §4), in its colour. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation("web");
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} data-testid="order-status">
      {t(`guests.orders.status.${status}`)}
    </Badge>
  );
}
