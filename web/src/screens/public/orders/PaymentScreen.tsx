import { Anchor, Badge, Button, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { isApiError } from "@tessera/shared/client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatMoney } from "@/app/formatMoney.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { ticketOfficeKeys, useBuyerOrder, type BuyerOrderJson } from "@/queries/ticketOffice.ts";
import { GuestMessage, RetryButton } from "../GuestMessage.tsx";
import { GuestPanel } from "../GuestPanel.tsx";
import { useGuestSite } from "../guestSiteContext.ts";
import { HoldCountdown } from "./HoldCountdown.tsx";
import { InvoiceLinks } from "./InvoiceLinks.tsx";
import { OrderTotals } from "./OrderTotals.tsx";
import { PaymentForm } from "./PaymentForm.tsx";
import { isPayable } from "./paymentValues.ts";

/**
 * /{lang}/{event}/orders/{id}/{secret}: an order's payment step, reached by its buyer's secret link (after the
 * registration form, or "Pay" in the portal). The order's summary, then what its status calls for: the payment
 * form while the cart holds its places, the thanks and the invoice once paid, the instructions of a transfer or
 * of the desk while the payment is awaited, or a cart that expired.
 */
export function PaymentScreen() {
  const { t } = useTranslation(["web", "errors"]);
  const { eventSlug } = useGuestSite();
  const { id = "", secret = "" } = useParams();
  const order = useBuyerOrder(eventSlug, id, secret);

  if (order.isPending) return <PageLoader />;
  if (order.isError) {
    if (isApiError(order.error) && (order.error.status === 404 || order.error.status === 422)) {
      return <GuestMessage title={t("public.pay.notFoundTitle")}>{t("public.pay.notFoundText")}</GuestMessage>;
    }
    return (
      <GuestMessage
        title={t("public.loadFailed")}
        action={<RetryButton label={t("common.retry")} onRetry={() => void order.refetch()} />}
      >
        {errorMessage(order.error, t)}
      </GuestMessage>
    );
  }
  return <OrderPage order={order.data} secret={secret} />;
}

function OrderPage({ order, secret }: { order: BuyerOrderJson; secret: string }) {
  const { t } = useTranslation("web");
  const { eventSlug, language } = useGuestSite();
  const queryClient = useQueryClient();
  const [expired, setExpired] = useState(false);
  const payable = !expired && isPayable(order, new Date());
  const onExpired = useCallback(() => {
    setExpired(true);
    void queryClient.invalidateQueries({ queryKey: ticketOfficeKeys.order(eventSlug, order.id, secret) });
  }, [queryClient, eventSlug, order.id, secret]);

  return (
    <Stack gap="lg">
      <OrderHeader order={order} />
      {/* Paid, awaited or expired: said first; to pay: the summary, then the form. */}
      {!payable && <Outcome order={order} expired={expired} />}
      <GuestPanel>
        <Stack gap="sm" component="section" aria-labelledby="order-summary-title">
          <Title order={2} size="h3" id="order-summary-title">
            {t("public.pay.summary")}
          </Title>
          <OrderTotals cart={order} />
          {order.refundedCents > 0 && (
            <Text size="sm" c="teal.9">
              {t("public.orders.refunded", {
                amount: formatMoney(order.refundedCents, order.currency, language),
              })}
            </Text>
          )}
        </Stack>
      </GuestPanel>
      {payable && (
        <GuestPanel>
          <Stack gap="lg">
            {order.status === "in_cart" && order.holdExpiresAt && (
              <HoldCountdown holdExpiresAt={order.holdExpiresAt} onExpired={onExpired} />
            )}
            <PaymentForm order={order} secret={secret} />
          </Stack>
        </GuestPanel>
      )}
    </Stack>
  );
}

function OrderHeader({ order }: { order: BuyerOrderJson }) {
  const { t } = useTranslation("web");
  return (
    <Stack gap={4} component="header">
      <Group gap="xs">
        <Text fw={600} c="indigo.9" size="sm" tt="uppercase" style={{ letterSpacing: "0.04em" }}>
          {t("public.pay.kicker")}
        </Text>
        {order.mode === "test" && (
          <Badge color="orange" variant="light">
            {t("public.pay.testBadge")}
          </Badge>
        )}
      </Group>
      <Title order={1}>
        {order.reference ? t("public.pay.titleReference", { reference: order.reference }) : t("public.pay.title")}
      </Title>
    </Stack>
  );
}

/** What the order's status says once it is not to be paid here: thanks, instructions, or an expired cart. */
function Outcome({ order, expired }: { order: BuyerOrderJson; expired: boolean }) {
  const { t } = useTranslation("web");
  const { language, paths } = useGuestSite();
  const heading = useRef<HTMLHeadingElement>(null);
  const total = formatMoney(order.totalInclTaxCents, order.currency, language);
  const reference = order.reference ?? "";
  const kind =
    order.status === "completed" || order.status === "partially_refunded" || order.status === "refunded"
      ? "paid"
      : order.status === "awaiting_payment"
        ? "awaiting"
        : "expired";

  useEffect(() => {
    heading.current?.focus();
  }, [kind]);

  return (
    <GuestPanel>
      <Stack gap="md" align="flex-start" data-testid={`order-outcome-${kind}`}>
        {kind === "paid" && (
          <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden="true">
            <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2}>
              <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </ThemeIcon>
        )}
        <Title order={2} size="h2" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
          {kind === "paid"
            ? order.status === "refunded"
              ? t("public.pay.refundedTitle")
              : t("public.pay.paidTitle")
            : kind === "awaiting"
              ? t("public.pay.awaitingTitle")
              : expired || order.status === "in_cart"
                ? t("public.pay.expiredTitle")
                : t("public.pay.cancelledTitle")}
        </Title>
        {kind === "paid" && <Text>{t("public.pay.paidText", { total, reference })}</Text>}
        {kind === "awaiting" && (
          <Text>
            {order.paymentMethod === "desk"
              ? t("public.pay.awaitingDesk", { total, reference })
              : order.paymentMethod === "transfer"
                ? t("public.pay.awaitingTransfer", { total, reference })
                : t("public.pay.awaitingOther", { total, reference })}
          </Text>
        )}
        {kind === "expired" && <Text>{t("public.pay.expiredText")}</Text>}
        {order.invoices.length > 0 && <InvoiceLinks invoices={order.invoices} currency={order.currency} />}
        {kind === "paid" && order.invoices.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("public.pay.invoiceSoon")}
          </Text>
        )}
        {kind === "expired" ? (
          <Button component={Link} to={paths.portal} variant="light">
            {t("public.pay.backToPortal")}
          </Button>
        ) : (
          <Anchor component={Link} to={paths.portal} size="sm">
            {t("public.pay.portalLink")}
          </Anchor>
        )}
      </Stack>
    </GuestPanel>
  );
}
