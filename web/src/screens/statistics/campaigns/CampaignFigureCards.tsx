import { SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CampaignFiguresJson } from "@/queries/campaignStatistics.ts";
import { formatRate, headlineRates, rateOf } from "./campaignFigures.ts";
import { FigureCard } from "./FigureCard.tsx";

/** The figures with a card of their own (the others are a card's note). */
type CardFigure = Exclude<keyof CampaignFiguresJson, "openedByMachinesOnly" | "softBounced" | "queued">;

/**
 * A campaign's figures as cards: what went out, what people did with it (opens and clicks, rates over the
 * delivered messages), and apart, what machines did (privacy proxies' and scanners' opens), then what did not
 * arrive or was not sent.
 */
export function CampaignFigureCards({ figures }: { figures: CampaignFiguresJson }) {
  const { t, i18n } = useTranslation("web");
  const number = new Intl.NumberFormat(i18n.language);
  const rates = headlineRates(figures);
  const rate = (value: number | null) => formatRate(value, i18n.language);
  const key = "statistics.campaigns.figures";
  // Delivered as the rates take it: reported delivered, or sent and not bounced.
  const shown = { ...figures, delivered: rates.base };
  const card = (name: CardFigure, note?: string, help?: { label: string; text: string }) => (
    <FigureCard
      key={name}
      testId={`campaign-figure-${name}`}
      label={t(`${key}.${name}`)}
      value={number.format(shown[name])}
      note={note}
      help={help}
    />
  );
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="campaign-figures">
        {card("recipients")}
        {card("sent", t(`${key}.ofRecipients`, { rate: rate(rateOf(figures.sent, figures.recipients)) }))}
        {card(
          "delivered",
          figures.delivered < rates.base
            ? t(`${key}.reportedDelivered`, { count: figures.delivered })
            : t(`${key}.ofSent`, { rate: rate(rateOf(rates.base, figures.sent)) }),
        )}
        {card("openedByPeople", t(`${key}.ofDelivered`, { rate: rate(rates.opened) }))}
        {card("clicked", t(`${key}.ofDelivered`, { rate: rate(rates.clicked) }))}
        {card("unsubscribed", t(`${key}.ofDelivered`, { rate: rate(rates.unsubscribed) }))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {card("machineOpens", t(`${key}.machineOnly`, { count: figures.openedByMachinesOnly }), {
          label: t(`${key}.machineHelpLabel`),
          text: t(`${key}.machineHelp`),
        })}
        {card("machineClicks", undefined, {
          label: t(`${key}.machineClicksHelpLabel`),
          text: t(`${key}.machineClicksHelp`),
        })}
        {card(
          "bounced",
          [
            t(`${key}.ofSent`, { rate: rate(rates.bounced) }),
            t(`${key}.softBounced`, { count: figures.softBounced }),
          ].join(" · "),
        )}
        {card("complaints")}
        {card("blocked", t(`${key}.blockedNote`))}
        {card("failed", figures.queued > 0 ? t(`${key}.queued`, { count: figures.queued }) : undefined)}
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="campaign-rates-base">
        {t(`${key}.ratesOver`, { count: rates.base })}
      </Text>
    </Stack>
  );
}
