import type { CampaignFiguresJson } from "@tessera/shared/schemas/campaignStatistics";
import type { Knex } from "../../../db/knex.ts";

/*
 * A campaign's figures (issue 15 item 8), counted by the database over its ledger and its tracking events, for
 * many campaigns in three grouped statements whatever their number of recipients. People's opens and clicks are
 * the recipients' first ones (a machine's never set them); machines' are counted apart.
 */

export type CampaignFigures = CampaignFiguresJson;

const emptyFigures = (): CampaignFigures => ({
  recipients: 0,
  sent: 0,
  delivered: 0,
  openedByPeople: 0,
  openedByMachinesOnly: 0,
  machineOpens: 0,
  clicked: 0,
  machineClicks: 0,
  unsubscribed: 0,
  bounced: 0,
  softBounced: 0,
  complaints: 0,
  blocked: 0,
  failed: 0,
  queued: 0,
});

/** A message not sent because the address was suppressed once the send had started (see send/suppressed.ts). */
export const SUPPRESSED_ERROR_PREFIX = "suppressed:";

export async function campaignFigures(db: Knex, campaignIds: readonly string[]): Promise<Map<string, CampaignFigures>> {
  const figures = new Map(campaignIds.map((id) => [id, emptyFigures()]));
  if (!campaignIds.length) return figures;
  const suppressed = `${SUPPRESSED_ERROR_PREFIX}%`;
  const ledger = (await db("campaignRecipients")
    .whereIn("campaignId", campaignIds)
    .groupBy("campaignId")
    .select("campaignId")
    .count({ recipients: "*" })
    .select(
      db.raw("sum(case when status in ('sent', 'bounced') then 1 else 0 end) as sent"),
      db.raw("count(delivered_at) as delivered"),
      db.raw("count(opened_at) as opened"),
      db.raw("count(clicked_at) as clicked"),
      db.raw("count(unsubscribed_at) as unsubscribed"),
      db.raw("sum(case when bounced_at is not null or status = 'bounced' then 1 else 0 end) as bounced"),
      db.raw("sum(case when status = 'failed' and last_error like ? then 1 else 0 end) as blocked", [suppressed]),
      db.raw(
        "sum(case when status = 'failed' and (last_error is null or last_error not like ?) then 1 else 0 end) as failed",
        [suppressed],
      ),
      db.raw("sum(case when status in ('queued', 'sending') then 1 else 0 end) as queued"),
    )) as Record<string, unknown>[];
  for (const row of ledger) {
    const target = figures.get(row.campaignId as string)!;
    target.recipients = Number(row.recipients);
    target.sent = Number(row.sent);
    target.delivered = Number(row.delivered);
    target.openedByPeople = Number(row.opened);
    target.clicked = Number(row.clicked);
    target.unsubscribed = Number(row.unsubscribed);
    target.bounced = Number(row.bounced);
    target.blocked = Number(row.blocked);
    target.failed = Number(row.failed);
    target.queued = Number(row.queued);
  }

  const events = (await db("campaignEvents")
    .whereIn("campaignId", campaignIds)
    .whereIn("kind", ["open", "click", "soft_bounce", "complaint"])
    .groupBy("campaignId", "kind", "machine")
    .select("campaignId", "kind", "machine")
    .count({ events: "*" })
    .countDistinct({ recipients: "recipientId" })) as {
    campaignId: string;
    kind: string;
    machine: unknown;
    events: unknown;
    recipients: unknown;
  }[];
  for (const row of events) {
    const target = figures.get(row.campaignId)!;
    const machine = Boolean(row.machine);
    if (row.kind === "open" && machine) target.machineOpens += Number(row.events);
    if (row.kind === "click" && machine) target.machineClicks += Number(row.events);
    if (row.kind === "soft_bounce") target.softBounced += Number(row.recipients);
    if (row.kind === "complaint") target.complaints += Number(row.recipients);
  }

  const machineOnly = (await db("campaignEvents as e")
    .join("campaignRecipients as r", "r.id", "e.recipientId")
    .whereIn("e.campaignId", campaignIds)
    .where({ "e.kind": "open", "e.machine": true })
    .whereNull("r.openedAt")
    .groupBy("e.campaignId")
    .select("e.campaignId")
    .countDistinct({ recipients: "e.recipientId" })) as { campaignId: string; recipients: unknown }[];
  for (const row of machineOnly) figures.get(row.campaignId)!.openedByMachinesOnly = Number(row.recipients);
  return figures;
}
