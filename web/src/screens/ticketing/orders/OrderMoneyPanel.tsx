import { Anchor, Badge, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { Language } from "@tessera/shared/i18n/languages";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/app/formatDate.ts";
import { formatMoney } from "@/app/formatMoney.ts";
import { invoicePdfUrl, type OrderDetailJson } from "@/queries/ticketingOrders.ts";

/**
 * Where the order's money went: its payments, its refunds (with the units each gave back) and its invoice and
 * credit notes (spec §3 Order: refund invoices), each with its PDF.
 */
export function OrderMoneyPanel({
  accountId,
  order,
  timeZone,
}: {
  accountId: string;
  order: OrderDetailJson;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.language as Language;
  const money = (cents: number) => formatMoney(cents, order.currency, language);
  const date = (iso: string) => formatDateTime(iso, language, timeZone);
  const captions = new Map(order.items.map((item) => [item.id, item.caption]));
  const none = (text: string) => (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-money-title">
      <Stack gap="md">
        <Title order={3} size="h5" id="order-money-title">
          {t("ticketing.orders.money.title")}
        </Title>

        <Title order={4} size="h6">
          {t("ticketing.orders.money.payments")}
        </Title>
        {order.payments.length === 0 ? (
          none(t("ticketing.orders.money.noPayment"))
        ) : (
          <Table verticalSpacing="xs" data-testid="order-payments">
            <Table.Caption>{t("ticketing.orders.money.paymentsCaption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("ticketing.orders.date")}</Table.Th>
                <Table.Th>{t("ticketing.orders.money.provider")}</Table.Th>
                <Table.Th>{t("ticketing.orders.status")}</Table.Th>
                <Table.Th ta="right">{t("ticketing.orders.money.amount")}</Table.Th>
                <Table.Th ta="right">{t("ticketing.orders.money.captured")}</Table.Th>
                <Table.Th ta="right">{t("ticketing.orders.refunded")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.payments.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>{date(payment.createdAt)}</Table.Td>
                  <Table.Td>{t(`ticketing.orders.money.providers.${payment.provider}`)}</Table.Td>
                  <Table.Td>
                    {payment.status}
                    {payment.failureCode && (
                      <Text span size="xs" c="red.8">
                        {" "}
                        ({payment.failureCode})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{money(payment.amountCents)}</Table.Td>
                  <Table.Td ta="right">{money(payment.capturedCents)}</Table.Td>
                  <Table.Td ta="right">{money(payment.refundedCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}

        <Title order={4} size="h6">
          {t("ticketing.orders.money.refunds")}
        </Title>
        {order.refunds.length === 0 ? (
          none(t("ticketing.orders.money.noRefund"))
        ) : (
          <Table verticalSpacing="xs" data-testid="order-refunds">
            <Table.Caption>{t("ticketing.orders.money.refundsCaption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("ticketing.orders.date")}</Table.Th>
                <Table.Th>{t("ticketing.orders.status")}</Table.Th>
                <Table.Th>{t("ticketing.orders.money.reason")}</Table.Th>
                <Table.Th>{t("ticketing.orders.items.title")}</Table.Th>
                <Table.Th ta="right">{t("ticketing.orders.money.amount")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.refunds.map((refund) => (
                <Table.Tr key={refund.id} data-testid="order-refund">
                  <Table.Td>{date(refund.createdAt)}</Table.Td>
                  <Table.Td>{t(`ticketing.orders.money.refundStatus.${refund.status}`)}</Table.Td>
                  <Table.Td>{t(`ticketing.orders.money.refundReason.${refund.reason}`)}</Table.Td>
                  <Table.Td>
                    {refund.items
                      .map((item) =>
                        t("guests.orders.itemLine", {
                          quantity: item.quantity,
                          caption: captions.get(item.itemId) ?? "?",
                        }),
                      )
                      .join(", ")}
                  </Table.Td>
                  <Table.Td ta="right">{money(refund.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}

        <Title order={4} size="h6">
          {t("ticketing.orders.money.invoices")}
        </Title>
        {order.invoices.length === 0 ? (
          none(t("ticketing.orders.money.noInvoice"))
        ) : (
          <Table verticalSpacing="xs" data-testid="order-invoices">
            <Table.Caption>{t("ticketing.orders.money.invoicesCaption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("ticketing.orders.money.number")}</Table.Th>
                <Table.Th>{t("ticketing.orders.money.kind")}</Table.Th>
                <Table.Th>{t("ticketing.orders.money.issuedAt")}</Table.Th>
                <Table.Th ta="right">{t("ticketing.orders.totalInclTax")}</Table.Th>
                <Table.Th>{t("ticketing.orders.money.pdf")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.invoices.map((invoice) => (
                <Table.Tr key={invoice.id} data-testid="order-invoice">
                  <Table.Td ff="monospace">{invoice.number}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={invoice.kind === "invoice" ? "blue" : "orange"}>
                      {t(`ticketing.orders.money.kinds.${invoice.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{date(invoice.issuedAt)}</Table.Td>
                  <Table.Td ta="right">{money(invoice.totalInclTaxCents)}</Table.Td>
                  <Table.Td>
                    <Anchor
                      href={invoicePdfUrl(accountId, order.eventId, invoice.id, language)}
                      download
                      size="sm"
                      aria-label={t("ticketing.orders.money.downloadPdf", { number: invoice.number })}
                    >
                      {t("ticketing.orders.money.pdf")}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
