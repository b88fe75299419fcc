import type { CampaignRecipientStatJson } from "@tessera/shared/schemas/campaignStatistics";
import type { RecipientStat } from "../../services/campaigns/statistics/recipients.ts";

export function presentRecipientStat(row: RecipientStat): CampaignRecipientStatJson {
  return {
    ...row,
    sendStatus: row.sendStatus as CampaignRecipientStatJson["sendStatus"],
    sentAt: row.sentAt?.toISOString() ?? null,
    openedAt: row.openedAt?.toISOString() ?? null,
    clickedAt: row.clickedAt?.toISOString() ?? null,
  };
}

export function presentRecipientStats(page: {
  rows: RecipientStat[];
  pagination: { page: number; perPage: number; total: number };
}) {
  return { data: page.rows.map(presentRecipientStat), pagination: page.pagination };
}
