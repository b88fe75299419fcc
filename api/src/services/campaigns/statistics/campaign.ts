import { instantOfWallTime, knownTimeZone, zoneOffsetSegments } from "@tessera/shared";
import type { CampaignLanguage } from "@tessera/shared/rules/campaigns";
import type { CampaignStatisticsJson } from "@tessera/shared/schemas/campaignStatistics";
import { compileCampaign } from "../../../campaigns/render.ts";
import type { Knex } from "../../../db/knex.ts";
import { wallClockBucket } from "../../../db/timeBuckets.ts";
import type { Campaign } from "../../../models/Campaign.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { findCampaign } from "../campaigns.ts";
import { campaignFigures } from "./figures.ts";

/*
 * One campaign's statistics (spec §2 Statistics → campaigns; issue 15 item 8): its figures, people's opens and
 * clicks and machines' opens over time on the event's wall clock (by hour over the first two days, then by day),
 * and its links, most followed by people first.
 */

const TWO_DAYS_MS = 2 * 86_400_000;
const BUCKET_SECONDS = { hour: 3600, day: 86_400 } as const;

type Timeline = CampaignStatisticsJson["timeline"];

async function timelineOf(db: Knex, campaign: Campaign, timezone: string): Promise<Timeline> {
  const tracked = () => db("campaignEvents").where({ campaignId: campaign.id }).whereIn("kind", ["open", "click"]);
  const span = (await tracked().first(db.raw("min(created_at) as first_at"), db.raw("max(created_at) as last_at"))) as
    { firstAt: unknown; lastAt: unknown } | undefined;
  if (!span?.firstAt) return { bucket: "hour", points: [] };
  const first = new Date(span.firstAt as string).getTime();
  const last = new Date(span.lastAt as string).getTime();
  const from = campaign.startedAt?.getTime() ?? first;
  const bucket = last - from <= TWO_DAYS_MS ? "hour" : "day";
  const size = BUCKET_SECONDS[bucket];
  const zone = knownTimeZone(timezone);
  const segments = zoneOffsetSegments(zone, first - 1000, last + 1000);
  const rows = (await tracked()
    .select(db.raw("? as ??", [wallClockBucket(db, "campaignEvents.createdAt", size, segments), "bucket"]))
    .select("kind", "machine")
    .count({ events: "*" })
    .groupBy("bucket", "kind", "machine")) as { bucket: unknown; kind: string; machine: unknown; events: unknown }[];
  const byBucket = new Map<number, { opens: number; clicks: number; machineOpens: number }>();
  for (const row of rows) {
    const n = Number(row.bucket);
    const point = byBucket.get(n) ?? { opens: 0, clicks: 0, machineOpens: 0 };
    const machine = Boolean(row.machine);
    if (row.kind === "open") point[machine ? "machineOpens" : "opens"] += Number(row.events);
    else if (!machine) point.clicks += Number(row.events);
    byBucket.set(n, point);
  }
  const numbers = [...byBucket.keys()];
  const points: Timeline["points"] = [];
  let previousStart = -Infinity;
  for (let n = Math.min(...numbers); n <= Math.max(...numbers); n++) {
    const start = instantOfWallTime(n * size * 1000, zone);
    const counts = byBucket.get(n) ?? { opens: 0, clicks: 0, machineOpens: 0 };
    // An hour skipped when clocks go forward starts where the one before did: one point.
    if (start <= previousStart) {
      const point = points.at(-1)!;
      point.opens += counts.opens;
      point.clicks += counts.clicks;
      point.machineOpens += counts.machineOpens;
    } else points.push({ start: new Date(start).toISOString(), ...counts });
    previousStart = Math.max(previousStart, start);
  }
  return { bucket, points };
}

/** The links of the campaign's message as written (its first language's), by the renderer's index. */
async function linkTargets(campaign: Campaign): Promise<readonly string[]> {
  const language = (campaign.content[campaign.language] ? campaign.language : Object.keys(campaign.content)[0]) as
    CampaignLanguage | undefined;
  const content = language && campaign.content[language];
  if (!content) return [];
  try {
    const compiled = await compileCampaign(
      { subject: campaign.subject, content, language: language! },
      { rewriteLink: (url) => url },
    );
    return compiled.links;
  } catch {
    return [];
  }
}

async function linksOf(db: Knex, campaign: Campaign): Promise<CampaignStatisticsJson["links"]> {
  const rows = (await db("campaignEvents")
    .where({ campaignId: campaign.id, kind: "click" })
    .whereNotNull("linkIndex")
    .groupBy("linkIndex", "machine")
    .select("linkIndex", "machine")
    .countDistinct({ recipients: "recipientId" })
    .count({ events: "*" })) as { linkIndex: unknown; machine: unknown; recipients: unknown; events: unknown }[];
  if (!rows.length) return [];
  const targets = await linkTargets(campaign);
  const links = new Map<number, CampaignStatisticsJson["links"][number]>();
  for (const row of rows) {
    const index = Number(row.linkIndex);
    const link = links.get(index) ?? { index, url: targets[index] ?? null, clicked: 0, machineClicks: 0 };
    if (row.machine) link.machineClicks += Number(row.events);
    else link.clicked += Number(row.recipients);
    links.set(index, link);
  }
  return [...links.values()].sort((a, b) => b.clicked - a.clicked || a.index - b.index);
}

export async function statisticsOfCampaign(
  db: Knex,
  campaign: Campaign,
  timezone: string,
): Promise<CampaignStatisticsJson> {
  const [figures, timeline, links] = await Promise.all([
    campaignFigures(db, [campaign.id]),
    timelineOf(db, campaign, timezone),
    linksOf(db, campaign),
  ]);
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      type: campaign.type,
      state: campaign.state,
      startedAt: campaign.startedAt?.toISOString() ?? null,
      finishedAt: campaign.finishedAt?.toISOString() ?? null,
    },
    figures: figures.get(campaign.id)!,
    timeline,
    links,
  };
}

/** A campaign's statistics, for anyone who sees its event (by key: ids, or the legacy slug). */
export async function campaignStatistics(scope: Scope, key: EventKey, campaignId: string) {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const campaign = await findCampaign(scope.db, event.id, campaignId);
  return statisticsOfCampaign(scope.db, campaign, event.timezone);
}
