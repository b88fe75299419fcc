import { Paper, Stack, Text, Timeline, Title } from "@mantine/core";
import type { Language } from "@tessera/shared/i18n/languages";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/app/formatDate.ts";
import { formatMoney } from "@/app/formatMoney.ts";
import type { OrderDetailJson } from "@/queries/ticketingOrders.ts";

/** What happened to the order, oldest first (the API's `timeline`): each step, its amount and its detail. */
export function OrderTimeline({ order, timeZone }: { order: OrderDetailJson; timeZone: string }) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.language as Language;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-timeline-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="order-timeline-title">
          {t("ticketing.orders.timeline.title")}
        </Title>
        {order.timeline.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("ticketing.orders.timeline.empty")}
          </Text>
        ) : (
          <Timeline active={order.timeline.length - 1} bulletSize={14} lineWidth={2} data-testid="order-timeline">
            {order.timeline.map((entry, index) => (
              <Timeline.Item key={`${entry.at}-${index}`} title={t(`ticketing.orders.timeline.kinds.${entry.kind}`)}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at, language, timeZone)}
                </Text>
                {(entry.amountCents !== null || entry.detail) && (
                  <Text size="sm">
                    {[
                      entry.amountCents !== null ? formatMoney(entry.amountCents, order.currency, language) : null,
                      entry.detail,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
