import { knownTimeZone, zoneOffsetSegments } from "@tessera/shared";
import type { CampaignHeadlineJson, DeliverabilityJson } from "@tessera/shared/schemas/campaignStatistics";
import type { Knex } from "../../../db/knex.ts";
import { wallClockBucket } from "../../../db/timeBuckets.ts";
import { Campaign } from "../../../models/Campaign.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { campaignFigures } from "./figures.ts";

/*
 * The event's deliverability (spec §2 Statistics → deliverability): every campaign's messages day by day on the
 * event's wall clock — sent, delivered, opened and clicked by people, bounced, complaints, unsubscribed — counted
 * by the database (one grouped statement a figure), their totals, and each campaign's headline figures.
 */

type DayFigure = Exclude<keyof DeliverabilityJson["totals"], never>;
const DAY_SECONDS = 86_400;

/** Which instant of a recipient's row each day figure counts. */
const RECIPIENT_COLUMNS: Partial<Record<DayFigure, string>> = {
  sent: "sentAt",
  delivered: "deliveredAt",
  opened: "openedAt",
  clicked: "clickedAt",
  bounced: "bouncedAt",
  unsubscribed: "unsubscribedAt",
};

const zeroes = (): DeliverabilityJson["totals"] => ({
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  complaints: 0,
  unsubscribed: 0,
});

/** Campaigns whose send started, newest first, with their figures. */
export async function headlines(db: Knex, campaigns: readonly Campaign[]): Promise<CampaignHeadlineJson[]> {
  const figures = await campaignFigures(
    db,
    campaigns.map((campaign) => campaign.id),
  );
  return campaigns.map((campaign) => ({
    id: campaign.id,
    name: campaign.name,
    type: campaign.type,
    state: campaign.state,
    startedAt: campaign.startedAt?.toISOString() ?? null,
    figures: figures.get(campaign.id)!,
  }));
}

export async function deliverabilityOf(db: Knex, eventId: string, timezone: string): Promise<DeliverabilityJson> {
  const campaigns = await Campaign.query(db)
    .where({ eventId })
    .whereIn("state", ["sending", "sent"])
    .orderBy([
      { column: "startedAt", order: "desc" },
      { column: "id", order: "desc" },
    ]);
  const totals = zeroes();
  if (!campaigns.length) return { days: [], totals, campaigns: [] };
  const zone = knownTimeZone(timezone);
  const firstStart = Math.min(...campaigns.map((campaign) => (campaign.startedAt ?? campaign.createdAt).getTime()));
  const segments = zoneOffsetSegments(zone, firstStart - DAY_SECONDS * 1000, Date.now() + DAY_SECONDS * 1000);
  const days = new Map<number, DeliverabilityJson["totals"]>();
  const add = (rows: { bucket: unknown; count: unknown }[], figure: DayFigure) => {
    for (const row of rows) {
      const n = Number(row.bucket);
      const day = days.get(n) ?? zeroes();
      day[figure] += Number(row.count);
      totals[figure] += Number(row.count);
      days.set(n, day);
    }
  };
  for (const [figure, column] of Object.entries(RECIPIENT_COLUMNS) as [DayFigure, string][]) {
    const qualified = `campaignRecipients.${column}`;
    add(
      (await db("campaignRecipients")
        .where({ eventId })
        .whereNotNull(qualified)
        .select(db.raw("? as ??", [wallClockBucket(db, qualified, DAY_SECONDS, segments), "bucket"]))
        .count({ count: "*" })
        .groupBy("bucket")) as { bucket: unknown; count: unknown }[],
      figure,
    );
  }
  add(
    (await db("campaignEvents")
      .where({ eventId, kind: "complaint" })
      .select(db.raw("? as ??", [wallClockBucket(db, "campaignEvents.createdAt", DAY_SECONDS, segments), "bucket"]))
      .countDistinct({ count: "recipientId" })
      .groupBy("bucket")) as { bucket: unknown; count: unknown }[],
    "complaints",
  );
  return {
    days: [...days.entries()]
      .sort(([a], [b]) => a - b)
      .map(([n, counts]) => ({ day: new Date(n * DAY_SECONDS * 1000).toISOString().slice(0, 10), ...counts })),
    totals,
    campaigns: await headlines(db, campaigns),
  };
}

export async function eventDeliverability(scope: Scope, key: EventKey): Promise<DeliverabilityJson> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return deliverabilityOf(scope.db, event.id, event.timezone);
}

/** The legacy invits/get: the event's campaigns, newest first, a page of them with their figures. */
export async function campaignsWithFigures(scope: Scope, key: EventKey, request: { page?: number; perPage?: number }) {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const page = request.page ?? 1;
  const perPage = request.perPage ?? 50;
  const all = () => Campaign.query(scope.db).where({ eventId: event.id });
  const [total, campaigns] = await Promise.all([
    all().resultSize(),
    all()
      .orderBy([
        { column: "createdAt", order: "desc" },
        { column: "id", order: "desc" },
      ])
      .offset((page - 1) * perPage)
      .limit(perPage),
  ]);
  return { data: await headlines(scope.db, campaigns), pagination: { page, perPage, total } };
}
