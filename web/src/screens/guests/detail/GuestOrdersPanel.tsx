import { Alert, Card, Center, Loader, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/languages";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { formatMoney } from "@/app/formatMoney.ts";
import { OrderStatusBadge } from "@/components/OrderStatusBadge.tsx";
import { useGuestOrders, type GuestTicketJson, type OrderJson } from "@/queries/guests.ts";
import { useGuestsArea } from "../GuestsContext.ts";

/** An amount after taxes, the amount before taxes under it. */
function Price({ incl, excl, currency }: { incl: number; excl: number; currency: string }) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.language as Language;
  return (
    <>
      <Text size="sm">{formatMoney(incl, currency, language)}</Text>
      <Text size="xs" c="dimmed">
        {t("guests.orders.exclTax", { amount: formatMoney(excl, currency, language) })}
      </Text>
    </>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

function TicketsTable({ tickets, guestId }: { tickets: GuestTicketJson[]; guestId: string }) {
  const { t, i18n } = useTranslation("web");
  if (!tickets.length) return <Empty text={t("guests.orders.noTickets")} />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={t("guests.orders.tickets")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("guests.orders.ticket")}</Table.Th>
            <Table.Th ta="right">{t("guests.orders.quantity")}</Table.Th>
            <Table.Th ta="right">{t("guests.orders.unitPrice")}</Table.Th>
            <Table.Th>{t("guests.orders.order")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.itemId}>
              <Table.Td>
                <Text size="sm">{ticket.caption}</Text>
                {ticket.order.buyerGuestId !== guestId && (
                  <Text size="xs" c="dimmed">
                    {t("guests.orders.boughtByAnother")}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{ticket.quantity}</Table.Td>
              <Table.Td ta="right">
                <Price
                  incl={ticket.unitPriceInclTaxCents}
                  excl={ticket.unitPriceExclTaxCents}
                  currency={ticket.currency}
                />
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <OrderStatusBadge status={ticket.order.status} />
                  <Text size="xs" c="dimmed">
                    {formatDateTime(ticket.order.orderedAt, i18n.language as Language)}
                  </Text>
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OrdersTable({ orders }: { orders: OrderJson[] }) {
  const { t, i18n } = useTranslation("web");
  if (!orders.length) return <Empty text={t("guests.orders.noOrders")} />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label={t("guests.orders.orders")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("guests.orders.orderedAt")}</Table.Th>
            <Table.Th>{t("guests.orders.statusLabel")}</Table.Th>
            <Table.Th>{t("guests.orders.items")}</Table.Th>
            <Table.Th>{t("guests.orders.paymentMethodLabel")}</Table.Th>
            <Table.Th ta="right">{t("guests.orders.total")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <Text size="sm">{formatDateTime(order.orderedAt, i18n.language as Language)}</Text>
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td>
                {order.items.map((item) => (
                  <Text size="sm" key={item.id}>
                    {t("guests.orders.itemLine", { quantity: item.quantity, caption: item.caption })}
                    {item.refundedQuantity > 0 && (
                      <Text span size="xs" c="dimmed">
                        {" "}
                        {t("guests.orders.refundedQuantity", { count: item.refundedQuantity })}
                      </Text>
                    )}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {order.paymentMethod ? t(`guests.orders.paymentMethod.${order.paymentMethod}`) : "—"}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Price incl={order.totalInclTaxCents} excl={order.totalExclTaxCents} currency={order.currency} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Read-only "Tickets" (held) and "Orders" (placed) of a guest, loaded on their own. */
export function GuestOrdersPanel({ guestId }: { guestId: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const { data, error } = useGuestOrders(accountId, event.id, guestId);
  const failure = error ? errorMessage(error, t) : null;

  const body = (render: (loaded: NonNullable<typeof data>) => ReactNode) => {
    if (failure) {
      return (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      );
    }
    if (!data) {
      return (
        <Center p="sm">
          <Loader size="sm" />
        </Center>
      );
    }
    return render(data);
  };

  return (
    <>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t("guests.orders.tickets")}
          </Title>
          {body((loaded) => (
            <TicketsTable tickets={loaded.tickets} guestId={guestId} />
          ))}
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t("guests.orders.orders")}
          </Title>
          {body((loaded) => (
            <OrdersTable orders={loaded.orders} />
          ))}
        </Stack>
      </Card>
    </>
  );
}
