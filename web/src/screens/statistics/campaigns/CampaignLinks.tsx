import { Anchor, Box, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CampaignStatisticsJson } from "@/queries/campaignStatistics.ts";
import { FiguresPanel } from "../CheckinFigureCharts.tsx";

/** The message's links most followed by people first: the people who followed each, link scanners' follows apart. */
export function CampaignLinks({ links }: { links: CampaignStatisticsJson["links"] }) {
  const { t, i18n } = useTranslation("web");
  const number = new Intl.NumberFormat(i18n.language);
  const key = "statistics.campaigns.links";
  /** A merge tag's link by what it is ("Registration link"), one not known as written, one not found by number. */
  const linkName = (link: CampaignStatisticsJson["links"][number]) => {
    const tag = /^\{\{\s*(\w+)\s*\}\}$/.exec(link.url ?? "")?.[1];
    if (tag && i18n.exists(`web:campaigns.mergeTags.${tag}`)) {
      const name = t(`campaigns.mergeTags.${tag}` as "campaigns.mergeTags.portalLink");
      return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
    }
    return link.url ?? t(`${key}.numbered`, { number: link.index + 1 });
  };
  return (
    <FiguresPanel title={t(`${key}.title`)} subtitle={t(`${key}.subtitle`)} testId="campaign-links">
      {links.length === 0 ? (
        <Text size="sm">{t(`${key}.none`)}</Text>
      ) : (
        <Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={t(`${key}.title`)}>
          <Table verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(`${key}.url`)}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t(`${key}.clicked`)}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t(`${key}.machineClicks`)}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.slice(0, 10).map((link) => (
                <Table.Tr key={link.index} data-testid="campaign-link">
                  <Table.Th scope="row" fw={400} style={{ overflowWrap: "break-word" }}>
                    {link.url && /^https?:\/\//i.test(link.url) ? (
                      <Anchor href={link.url} target="_blank" rel="noreferrer noopener" size="sm">
                        {link.url}
                      </Anchor>
                    ) : (
                      linkName(link)
                    )}
                  </Table.Th>
                  <Table.Td ta="right">{number.format(link.clicked)}</Table.Td>
                  <Table.Td ta="right">{number.format(link.machineClicks)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </FiguresPanel>
  );
}
