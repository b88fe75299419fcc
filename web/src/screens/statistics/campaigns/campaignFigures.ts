import type { CampaignFiguresJson, CampaignStatisticsJson } from "@/queries/campaignStatistics.ts";
import { bucketLabels } from "../checkinFigures.ts";

/*
 * A campaign's figures as the Statistics screens show them (pure, tested on their own): the rates over the
 * messages delivered, the funnel from recipients to clicks, the timeline's buckets named on the event's wall
 * clock, the deliverability's days.
 */

/**
 * The messages the rates are taken over: those delivered. Delivery reports come only from some receiving
 * servers and providers, so a message sent and not bounced counts as delivered too.
 */
export function deliveredBase(figures: Pick<CampaignFiguresJson, "sent" | "delivered" | "bounced">): number {
  return Math.max(figures.delivered, figures.sent - figures.bounced, 0);
}

/** `count` over `base` (0 to 1), or null when there is nothing to take it over. */
export function rateOf(count: number, base: number): number | null {
  return base > 0 ? Math.min(1, count / base) : null;
}

/** A rate as a percentage in `language` ("42.9 %"), a dash when there is none. */
export function formatRate(rate: number | null, language: string): string {
  if (rate === null) return "—";
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(rate);
}

/** The headline rates of a campaign, over its delivered messages. */
export function headlineRates(figures: CampaignFiguresJson) {
  const base = deliveredBase(figures);
  return {
    base,
    opened: rateOf(figures.openedByPeople, base),
    clicked: rateOf(figures.clicked, base),
    unsubscribed: rateOf(figures.unsubscribed, base),
    bounced: rateOf(figures.bounced, figures.sent),
  };
}

export const FUNNEL_STEPS = ["recipients", "sent", "delivered", "openedByPeople", "clicked"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** From recipients to clicks: each step's count, delivered as the rates take it. */
export function funnelRows(figures: CampaignFiguresJson): { step: FunnelStep; count: number }[] {
  return FUNNEL_STEPS.map((step) => ({
    step,
    count: step === "delivered" ? deliveredBase(figures) : figures[step],
  }));
}

export interface TimelineRow {
  key: string;
  label: string;
  opens: number;
  clicks: number;
  machineOpens: number;
}

/** The opens and clicks over time, each bucket named in `language` on the event's wall clock. */
export function timelineRows(
  timeline: CampaignStatisticsJson["timeline"],
  timeZone: string,
  language: string,
): TimelineRow[] {
  const labels = bucketLabels(timeline.points, timeline.bucket, timeZone, language);
  return timeline.points.map((point, index) => ({ key: point.start, label: labels[index]!, ...point }));
}

/** A day of the deliverability ("2026-11-20", the event's wall clock) as `language` writes it. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

const SUPPRESSION_REASONS: Record<string, "unsubscribed" | "bounced" | "blocked" | "complained"> = {
  unsubscribed: "unsubscribed",
  bounce: "bounced",
  hard_bounce: "bounced",
  blocked: "blocked",
  complaint: "complained",
};

/**
 * Why a recipient got no message when the sender found the address suppressed ("suppressed: blocked" in the
 * ledger), as the campaign summary's unsent reasons name it; null for a mail server's own answer (shown as is).
 */
export function suppressionReason(error: string | null): "unsubscribed" | "bounced" | "blocked" | "complained" | null {
  const suppressed = /^suppressed: (\w+)/.exec(error ?? "");
  return suppressed ? (SUPPRESSION_REASONS[suppressed[1]!] ?? "blocked") : null;
}
