import { Anchor, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { Language } from "@tessera/shared/i18n/languages";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "@/app/formatMoney.ts";
import type { OrderDetailJson } from "@/queries/ticketingOrders.ts";
import { vatText } from "./orderDisplay.ts";

/** The tickets of the order: caption, holder, quantity and refunded units, unit prices before and after taxes, VAT. */
export function OrderItemsTable({
  order,
  guestHref,
}: {
  order: OrderDetailJson;
  /** A guest's page in the guest list. */
  guestHref(guestId: string): string;
}) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.language as Language;
  const money = (cents: number) => formatMoney(cents, order.currency, language);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-items-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="order-items-title">
          {t("ticketing.orders.items.title")}
        </Title>
        <Table verticalSpacing="xs" data-testid="order-items">
          <Table.Caption>{t("ticketing.orders.items.tableCaption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("ticketing.orders.items.caption")}</Table.Th>
              <Table.Th>{t("ticketing.orders.items.holder")}</Table.Th>
              <Table.Th ta="right">{t("ticketing.orders.items.quantity")}</Table.Th>
              <Table.Th ta="right">{t("ticketing.orders.items.refunded")}</Table.Th>
              <Table.Th ta="right">{t("ticketing.orders.items.unitExclTax")}</Table.Th>
              <Table.Th ta="right">{t("ticketing.orders.items.unitInclTax")}</Table.Th>
              <Table.Th ta="right">{t("ticketing.orders.items.vat")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((item) => (
              <Table.Tr key={item.id} data-testid="order-item">
                <Table.Td>{item.caption}</Table.Td>
                <Table.Td>
                  {item.holderGuestId === null ? (
                    t("ticketing.orders.items.noHolder")
                  ) : item.holderGuestId === order.guestId ? (
                    t("ticketing.orders.items.theBuyer")
                  ) : (
                    <Anchor component={Link} to={guestHref(item.holderGuestId)} size="sm">
                      {item.holderName ?? t("ticketing.orders.items.anotherGuest")}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{item.refundedQuantity}</Table.Td>
                <Table.Td ta="right">{money(item.unitPriceExclTaxCents)}</Table.Td>
                <Table.Td ta="right">{money(item.unitPriceInclTaxCents)}</Table.Td>
                <Table.Td ta="right">{vatText(item.taxPercent, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {order.coupons.length > 0 && (
          <Text size="sm" data-testid="order-coupons">
            {t("ticketing.orders.items.coupons")}{" "}
            {order.coupons
              .map((coupon) =>
                t("ticketing.orders.items.couponLine", { code: coupon.code, amount: money(coupon.amountCents) }),
              )
              .join(", ")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
