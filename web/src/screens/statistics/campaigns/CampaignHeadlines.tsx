import { Anchor, Table } from "@mantine/core";
import type { CampaignState } from "@tessera/shared/rules/campaigns";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "@/app/formatDate.ts";
import type { CampaignHeadlineJson } from "@/queries/campaignStatistics.ts";
import { CampaignStateBadge } from "../../campaigns/CampaignStateBadge.tsx";
import { formatRate, headlineRates } from "./campaignFigures.ts";

/**
 * The event's sent campaigns, newest first, with their headline figures: recipients, sent, and the rates of
 * people's opens, clicks and unsubscriptions over the delivered messages, of bounces over those sent. Each name
 * opens the campaign's statistics.
 */
export function CampaignHeadlines({
  campaigns,
  statisticsOf,
  timezone,
  caption,
}: {
  campaigns: readonly CampaignHeadlineJson[];
  statisticsOf: (campaignId: string) => string;
  timezone: string;
  caption: string;
}) {
  const { t, i18n } = useTranslation("web");
  const number = new Intl.NumberFormat(i18n.language);
  const rate = (value: number | null) => formatRate(value, i18n.language);
  const key = "statistics.campaigns.columns";
  return (
    <Table.ScrollContainer minWidth={900} scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": caption } }}>
      <Table verticalSpacing="sm" data-testid="campaign-headlines">
        <Table.Caption style={{ captionSide: "top", textAlign: "start" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t(`${key}.name`)}</Table.Th>
            <Table.Th scope="col">{t(`${key}.state`)}</Table.Th>
            <Table.Th scope="col">{t(`${key}.startedAt`)}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t(`${key}.recipients`)}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t(`${key}.sent`)}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t(`${key}.opened`)}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t(`${key}.clicked`)}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t(`${key}.unsubscribed`)}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t(`${key}.bounced`)}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((campaign) => {
            const rates = headlineRates(campaign.figures);
            return (
              <Table.Tr key={campaign.id} data-testid="campaign-headline">
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={statisticsOf(campaign.id)} size="sm">
                    {campaign.name}
                  </Anchor>
                  <div>
                    <small>{t(`campaigns.types.${campaign.type}`)}</small>
                  </div>
                </Table.Th>
                <Table.Td>
                  <CampaignStateBadge state={campaign.state as CampaignState} />
                </Table.Td>
                <Table.Td>
                  {campaign.startedAt ? formatDateTime(campaign.startedAt, i18n.language, timezone) : "—"}
                </Table.Td>
                <Table.Td ta="right">{number.format(campaign.figures.recipients)}</Table.Td>
                <Table.Td ta="right">{number.format(campaign.figures.sent)}</Table.Td>
                <Table.Td ta="right">{rate(rates.opened)}</Table.Td>
                <Table.Td ta="right">{rate(rates.clicked)}</Table.Td>
                <Table.Td ta="right">{rate(rates.unsubscribed)}</Table.Td>
                <Table.Td ta="right">{rate(rates.bounced)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
