import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Language } from "@tessera/shared/i18n/languages";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "@/app/formatDate.ts";
import { formatMoney } from "@/app/formatMoney.ts";
import type { OrderDetailJson } from "@/queries/ticketingOrders.ts";
import { formatSiret } from "../params/billingForm.ts";
import { buyerName } from "./orderDisplay.ts";

/** A label and its value, as the summary lists them. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The order's facts (spec §3 Order: date, payment method, totals before and after taxes) and its buyer with the
 * billing address (company or individual, SIRET, zip).
 */
export function OrderSummary({
  order,
  timeZone,
  guestHref,
  onEditBilling,
}: {
  order: OrderDetailJson;
  timeZone: string;
  /** The buyer's page in the guest list. */
  guestHref: string | null;
  /** Undefined: the billing address cannot be changed here. */
  onEditBilling?: () => void;
}) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.language as Language;
  const money = (cents: number) => formatMoney(cents, order.currency, language);
  const { billing } = order;
  const place = [billing.zip, billing.city].filter(Boolean).join(" ");
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder p="md" component="section" aria-labelledby="order-totals-title">
        <Stack gap="sm">
          <Title order={3} size="h5" id="order-totals-title">
            {t("ticketing.orders.detail.summary")}
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Fact label={t("ticketing.orders.date")}>{formatDateTime(order.orderedAt, language, timeZone)}</Fact>
            <Fact label={t("ticketing.orders.paymentMethod")}>
              {order.paymentMethod ? t(`guests.orders.paymentMethod.${order.paymentMethod}`) : "—"}
            </Fact>
            <Fact label={t("ticketing.orders.totalExclTax")} testId="order-total-excl">
              {money(order.totalExclTaxCents)}
            </Fact>
            <Fact label={t("ticketing.orders.totalInclTax")} testId="order-total-incl">
              {money(order.totalInclTaxCents)}
            </Fact>
            <Fact label={t("ticketing.orders.refunded")} testId="order-refunded">
              {order.refundedCents > 0 ? money(order.refundedCents) : "—"}
            </Fact>
            <Fact label={t("ticketing.orders.detail.mode")}>{t(`ticketing.params.modes.${order.mode}`)}</Fact>
            {order.holdExpiresAt && (
              <Fact label={t("ticketing.orders.detail.holdExpiresAt")}>
                {formatDateTime(order.holdExpiresAt, language, timeZone)}
              </Fact>
            )}
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="order-buyer-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5" id="order-buyer-title">
              {t("ticketing.orders.detail.buyer")}
            </Title>
            {onEditBilling && (
              <Button size="xs" variant="default" onClick={onEditBilling}>
                {t("ticketing.orders.billing.edit")}
              </Button>
            )}
          </Group>
          <SimpleGrid cols={2} spacing="sm">
            <Fact label={t("ticketing.orders.buyer")} testId="order-buyer">
              {guestHref ? (
                <Anchor component={Link} to={guestHref} size="sm">
                  {buyerName(order)}
                </Anchor>
              ) : (
                buyerName(order)
              )}
            </Fact>
            <Fact label={t("ticketing.orders.billing.email")}>{billing.email ?? order.email ?? "—"}</Fact>
            <Fact label={t("ticketing.orders.billing.kind")} testId="order-billing-kind">
              {billing.isCompany === null
                ? "—"
                : t(billing.isCompany ? "ticketing.orders.billing.company" : "ticketing.orders.billing.individual")}
            </Fact>
            {billing.isCompany && (
              <Fact label={t("ticketing.params.billing.siret")} testId="order-siret">
                {billing.siret ? formatSiret(billing.siret) : "—"}
              </Fact>
            )}
            <Fact label={t("ticketing.orders.detail.billingAddress")} testId="order-billing-address">
              {[billing.name, billing.address, place].filter(Boolean).join(", ") || "—"}
            </Fact>
            {billing.phone && <Fact label={t("ticketing.orders.billing.phone")}>{billing.phone}</Fact>}
          </SimpleGrid>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
