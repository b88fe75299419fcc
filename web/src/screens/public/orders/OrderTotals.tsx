import { Divider, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/languages";
import { formatMoney } from "@/app/formatMoney.ts";
import type { QuoteJson } from "@/queries/ticketOffice.ts";
import { useGuestSite } from "../guestSiteContext.ts";

/** What a quote and a buyer's order both show: lines, coupons, VAT by rate, totals. */
export type PricedCart = Pick<
  QuoteJson,
  "lines" | "coupons" | "vat" | "totalExclTaxCents" | "totalInclTaxCents" | "currency"
> & { discounts?: QuoteJson["discounts"] };

/** A VAT rate in basis points as the guest reads a percentage ("20 %", "5,5 %"). */
export function vatRateText(taxRateBp: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(taxRateBp / 10_000);
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size={strong ? "md" : "sm"} fw={strong ? 700 : 400} style={{ minWidth: 0 }}>
        {label}
      </Text>
      <Text size={strong ? "md" : "sm"} fw={strong ? 700 : 400} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * A cart's lines (quantity × caption, their total after discounts), the coupons and automatic discounts taken,
 * the total before VAT, the VAT of each rate and the total to pay.
 */
export function OrderTotals({ cart, showLines = true }: { cart: PricedCart; showLines?: boolean }) {
  const { t } = useTranslation("web");
  const { language } = useGuestSite();
  const money = (cents: number) => formatMoney(cents, cart.currency, language);
  return (
    <Stack gap={6} data-testid="order-totals">
      {showLines &&
        cart.lines.map((line) => (
          <Row
            key={line.ticketId}
            label={t("public.orders.line", { quantity: line.quantity, caption: line.caption })}
            value={money(line.totalInclTaxCents)}
          />
        ))}
      {cart.coupons.map((coupon) => (
        <Row
          key={coupon.code}
          label={t("public.orders.coupon", { code: coupon.code })}
          value={money(-coupon.amountCents)}
        />
      ))}
      {(cart.discounts ?? []).map((discount) => (
        <Row key={discount.name} label={discount.name} value={money(-discount.amountCents)} />
      ))}
      <Divider my={4} />
      <Row label={t("public.orders.totalExclTax")} value={money(cart.totalExclTaxCents)} />
      {cart.vat.map((rate) => (
        <Row
          key={rate.taxRateBp ?? "none"}
          label={
            rate.taxRateBp === null
              ? t("public.orders.noVat")
              : t("public.orders.vatRate", { rate: vatRateText(rate.taxRateBp, language) })
          }
          value={money(rate.taxCents)}
        />
      ))}
      <Row label={t("public.orders.totalInclTax")} value={money(cart.totalInclTaxCents)} strong />
    </Stack>
  );
}
