import type { CampaignProgress } from "@/queries/campaigns.ts";

/*
 * What the summary and send screen shows of a send: how far it has gone, whether the credits cover it, and the
 * sending date the author picked.
 */

/** How much of the send is done (sent, failed or bounced out of the total), in percent, 0 when nothing to send. */
export function progressPercent(progress: CampaignProgress | null | undefined): number {
  if (!progress || progress.total <= 0) return 0;
  const done = progress.sent + progress.failed + progress.bounced;
  return Math.min(100, Math.round((done / progress.total) * 100));
}

/** The credits missing to send it (0: enough), when the credits left are known. */
export function missingCredits(required: number, left: number | null | undefined): number {
  if (left === null || left === undefined) return 0;
  return Math.max(0, required - left);
}

/** Whether a chosen sending date is in the future (a schedule), given now. */
export function isFutureDate(date: Date | null, now: Date): boolean {
  return date !== null && date.getTime() > now.getTime();
}
