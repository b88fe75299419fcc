import type { CampaignHeadlineJson, MailHistorySort } from "@tessera/shared/schemas/campaignStatistics";
import { authorizeInExistingAccount } from "../../accounts/authorize.ts";
import { Campaign } from "../../../models/Campaign.ts";
import type { Scope } from "../../scope.ts";
import { headlines } from "./deliverability.ts";

/*
 * The account's mail history (spec §2 account level): every campaign of its events whose send started, newest
 * first by default (or by name, event or recipients), with its event, the credits it used (one per message the mail server accepted, hard bounces given back)
 * and its figures. Who may read the account's credits may read it.
 */

/** The column each sort orders by (the send's start breaks ties, newest first). */
const SORT_COLUMNS: Record<MailHistorySort, string> = {
  startedAt: "campaigns.startedAt",
  name: "campaigns.name",
  eventName: "events.name",
  recipients: "campaigns.recipientsCount",
};

/** Dates and counts newest or largest first; names from A. */
const defaultOrder = (sort: MailHistorySort | undefined) => (sort === "name" || sort === "eventName" ? "asc" : "desc");

export interface MailHistoryItem extends CampaignHeadlineJson {
  eventId: string;
  eventName: string;
  creditsUsed: number;
}

export async function mailHistory(
  scope: Scope,
  accountId: string,
  request: { page?: number; perPage?: number; search?: string; sort?: MailHistorySort; order?: "asc" | "desc" },
): Promise<{ data: MailHistoryItem[]; pagination: { page: number; perPage: number; total: number } }> {
  await authorizeInExistingAccount(scope, "credits.read", accountId);
  const page = request.page ?? 1;
  const perPage = request.perPage ?? 50;
  const matching = () =>
    Campaign.query(scope.db)
      .join("events", "events.id", "campaigns.eventId")
      .where("campaigns.accountId", accountId)
      .whereIn("campaigns.state", ["sending", "sent"])
      .modify((query) => {
        const search = request.search?.trim().toLowerCase();
        if (!search) return;
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        void query.where((where) =>
          where
            .whereRaw("lower(??) like ? escape '\\'", ["campaigns.name", like])
            .orWhereRaw("lower(??) like ? escape '\\'", ["events.name", like]),
        );
      });
  const [total, campaigns] = await Promise.all([
    matching().resultSize(),
    matching()
      .select("campaigns.*", "events.name as eventName")
      .orderBy([
        { column: SORT_COLUMNS[request.sort ?? "startedAt"], order: request.order ?? defaultOrder(request.sort) },
        { column: "campaigns.startedAt", order: "desc" },
        { column: "campaigns.id", order: "desc" },
      ])
      .offset((page - 1) * perPage)
      .limit(perPage),
  ]);
  const spent = campaigns.length
    ? ((await scope
        .db("creditMovements")
        .where({ accountId, kind: "campaign" })
        .whereIn(
          "campaignId",
          campaigns.map((campaign) => campaign.id),
        )
        .groupBy("campaignId")
        .select("campaignId")
        .sum({ delta: "delta" })) as { campaignId: string; delta: unknown }[])
    : [];
  const used = new Map(spent.map((row) => [row.campaignId, -Number(row.delta)]));
  const heads = await headlines(scope.db, campaigns);
  return {
    data: heads.map((head, index) => ({
      ...head,
      eventId: campaigns[index]!.eventId,
      eventName: (campaigns[index] as Campaign & { eventName: string }).eventName,
      creditsUsed: Math.max(0, used.get(head.id) ?? 0),
    })),
    pagination: { page, perPage, total },
  };
}
