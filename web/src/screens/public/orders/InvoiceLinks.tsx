import { Anchor, List, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/app/formatMoney.ts";
import type { BuyerOrderJson } from "@/queries/ticketOffice.ts";
import { useGuestSite } from "../guestSiteContext.ts";

/** An order's invoices and credit notes, each a link to its PDF (the buyer's link or session gives it). */
export function InvoiceLinks({
  invoices,
  currency = "EUR",
}: {
  invoices: BuyerOrderJson["invoices"];
  currency?: string;
}) {
  const { t } = useTranslation("web");
  const { language } = useGuestSite();
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t("public.orders.documents")}
      </Text>
      <List size="sm" spacing={4}>
        {invoices.map((invoice) => (
          <List.Item key={invoice.id}>
            <Anchor href={invoice.url} target="_blank" rel="noopener" data-testid={`document-${invoice.kind}`}>
              {t(`public.orders.documentKinds.${invoice.kind}`, { number: invoice.number })}
            </Anchor>{" "}
            <Text span size="sm" c="dimmed">
              ({formatMoney(invoice.totalInclTaxCents, currency, language)}, {t("public.orders.pdf")})
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
