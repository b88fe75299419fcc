import type { UnsentReason } from "@tessera/shared/schemas/campaignUnsent";
import type { Knex } from "../../../db/knex.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { findCampaign } from "../campaigns.ts";

/*
 * "Some recipients could not be synchronized" (spec §8; issue 15 item 5: lists who and why): the campaign's
 * recipients whose message did not go, each with its reason read from the ledger's last error.
 */

const LISTED = 100;

export interface UnsentRecipient {
  guestId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  reason: UnsentReason;
  detail: string | null;
  attempts: number;
  at: Date;
}

const SUPPRESSION_REASONS: Record<string, UnsentReason> = {
  unsubscribed: "unsubscribed",
  bounce: "bounced",
  hard_bounce: "bounced",
  blocked: "blocked",
  complaint: "complained",
};

/** The reason a ledger's last error tells: a suppression the sender found, a refusal, or "try later" given up on. */
export function unsentReason(lastError: string | null): { reason: UnsentReason; detail: string | null } {
  const error = lastError ?? "";
  const suppressed = /^suppressed: (\w+)/.exec(error);
  if (suppressed) return { reason: SUPPRESSION_REASONS[suppressed[1]!] ?? "blocked", detail: null };
  if (/^4\d\d\b/.test(error)) return { reason: "gave_up", detail: error };
  return { reason: "refused", detail: error || null };
}

interface UnsentRow {
  guestId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  lastError: string | null;
  attempts: number | string;
  updatedAt: Date | string;
}

export async function unsentRecipientsOf(
  db: Knex,
  campaignId: string,
): Promise<{ total: number; recipients: UnsentRecipient[] }> {
  const failed = () => db("campaignRecipients as r").where({ "r.campaignId": campaignId, "r.status": "failed" });
  const counted = (await failed().count({ count: "*" }).first()) as { count: number | string };
  const rows = (await failed()
    .leftJoin("guests as g", "g.id", "r.guestId")
    .orderBy([{ column: "g.lastName" }, { column: "g.firstName" }, { column: "r.email" }])
    .limit(LISTED)
    .select(
      "r.guestId",
      "r.email",
      "g.firstName",
      "g.lastName",
      "r.lastError",
      "r.attempts",
      "r.updatedAt",
    )) as UnsentRow[];
  return {
    total: Number(counted.count),
    recipients: rows.map((row) => ({
      guestId: row.guestId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      ...unsentReason(row.lastError),
      attempts: Number(row.attempts),
      at: new Date(row.updatedAt),
    })),
  };
}

/** The campaign's unsent recipients, for anyone who may read the event. */
export async function listUnsentRecipients(scope: Scope, key: EventKey, campaignId: string) {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const campaign = await findCampaign(scope.db, event.id, campaignId);
  return unsentRecipientsOf(scope.db, campaign.id);
}
