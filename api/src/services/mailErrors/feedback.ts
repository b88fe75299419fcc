import type { CampaignEventKind, MailErrorSource } from "@tessera/shared/rules/campaigns";
import type { Db, Knex } from "../../db/knex.ts";
import { isPostgres } from "../../db/dialect.ts";
import { sqlTime } from "../../models/BaseModel.ts";
import { CampaignEvent } from "../../models/CampaignEvent.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { creditBack } from "../credits/ledger.ts";
import { recordMailError } from "./suppression.ts";

/*
 * What a bounce, a delivery report or a complaint does (issue 15 items 4, 6, 10), whether it came as a DSN to the
 * inbound SMTP endpoint or as a provider's webhook. One transaction per report, under a lock on the recipient's
 * row (PostgreSQL), and idempotent: the same report twice changes nothing the second time and never gives a
 * credit back twice.
 *
 *   hard bounce  the recipient bounced (bouncedAt), a "bounce" event, the guest's mail status "bounce", the
 *                address a hard_bounce mail error (it gets no more mail of the account), the send's credit back
 *   soft bounce  a "soft_bounce" event and a soft_bounce mail error (no suppression; never lowers a hard one)
 *   delivered    deliveredAt, a "delivered" event, the guest's mail status from sent to delivered
 *   complaint    a "complaint" event, a complaint mail error, the guest unsubscribed
 */

export type FeedbackOutcome = "hard_bounce" | "soft_bounce" | "delivered" | "complaint";

export interface MailFeedback {
  /** The recipient's token (from the VERP return path or the Message-ID). */
  token: string;
  outcome: FeedbackOutcome;
  /** RFC 3463 status ("5.1.1") when known. */
  status: string | null;
  /** The remote server's words, a provider's reason … */
  diagnostic: string | null;
  source: Extract<MailErrorSource, "dsn" | "webhook">;
  now: Date;
}

export interface FeedbackResult {
  /** The recipient the token names; null when none (not ours any more, or never). */
  recipientId: string | null;
  /** Whether anything changed (false: an unknown token, a report already applied, one that no longer applies). */
  applied: boolean;
}

interface RecipientRow {
  id: string;
  accountId: string;
  eventId: string;
  campaignId: string;
  guestId: string | null;
  email: string;
  status: string;
  deliveredAt: string | Date | null;
  bouncedAt: string | Date | null;
}

const EVENT_OF: Record<FeedbackOutcome, CampaignEventKind> = {
  hard_bounce: "bounce",
  soft_bounce: "soft_bounce",
  delivered: "delivered",
  complaint: "complaint",
};

function detailOf(feedback: MailFeedback): string | null {
  const detail = [feedback.status, feedback.diagnostic].filter(Boolean).join(" ").trim();
  return detail ? detail.slice(0, 500) : null;
}

async function hasEvent(trx: Knex.Transaction, recipientId: string, kind: CampaignEventKind, detail?: string | null) {
  const query = trx("campaignEvents").select("id").where({ recipientId, kind });
  if (detail !== undefined) query.where("detail", detail);
  return Boolean(await query.first());
}

/** The effects of one report on the recipient its token names; see the top of this file. */
export async function applyMailFeedback(db: Db, feedback: MailFeedback): Promise<FeedbackResult> {
  return db.transaction((trx) => applyMailFeedbackIn(trx, feedback));
}

/** The same, inside the caller's transaction (a webhook records its token with the effects). */
export async function applyMailFeedbackIn(trx: Knex.Transaction, feedback: MailFeedback): Promise<FeedbackResult> {
  const query = trx("campaignRecipients")
    .select("id", "accountId", "eventId", "campaignId", "guestId", "email", "status", "deliveredAt", "bouncedAt")
    .where({ token: feedback.token });
  const recipient = (await (isPostgres(trx) ? query.forUpdate() : query).first()) as RecipientRow | undefined;
  if (!recipient) return { recipientId: null, applied: false };
  const now = sqlTime(feedback.now);
  const detail = detailOf(feedback);
  const applied = await applyTo(trx, recipient, feedback, detail, now);
  if (applied)
    await CampaignEvent.query(trx).insert({
      accountId: recipient.accountId,
      eventId: recipient.eventId,
      campaignId: recipient.campaignId,
      recipientId: recipient.id,
      kind: EVENT_OF[feedback.outcome],
      machine: false,
      linkIndex: null,
      detail,
      createdAt: feedback.now,
    });
  return { recipientId: recipient.id, applied };
}

async function applyTo(
  trx: Knex.Transaction,
  recipient: RecipientRow,
  feedback: MailFeedback,
  detail: string | null,
  now: string,
): Promise<boolean> {
  const sighting = {
    accountId: recipient.accountId,
    email: recipient.email,
    reason: detail,
    source: feedback.source,
    campaignId: recipient.campaignId,
    now: feedback.now,
  };
  const guest = () => trx("guests").where({ id: recipient.guestId });
  switch (feedback.outcome) {
    case "hard_bounce": {
      // Only a message the mail server accepted bounces; the status changes once, so all below happens once.
      const changed = await trx("campaignRecipients")
        .where({ id: recipient.id, status: "sent" })
        .update({ status: "bounced", bouncedAt: now, updatedAt: now });
      if (changed !== 1) return false;
      await recordMailError(trx, { ...sighting, kind: "hard_bounce" });
      if (recipient.guestId) await guest().update({ mailStatus: "bounce", mailStatusAt: now, updatedAt: now });
      await creditBack(trx, {
        accountId: recipient.accountId,
        kind: "campaign",
        amount: 1,
        reason: "refund",
        campaignId: recipient.campaignId,
        recipientId: recipient.id,
        now: feedback.now,
      });
      return true;
    }
    case "soft_bounce": {
      // A temporary failure of a message that has since bounced for good, or the same report again: nothing new.
      if (recipient.status === "bounced" || recipient.bouncedAt) return false;
      if (await hasEvent(trx, recipient.id, "soft_bounce", detail)) return false;
      await recordMailError(trx, { ...sighting, kind: "soft_bounce" });
      return true;
    }
    case "delivered": {
      if (recipient.status === "bounced") return false;
      const changed = await trx("campaignRecipients")
        .where({ id: recipient.id })
        .whereNull("deliveredAt")
        .update({ deliveredAt: now, updatedAt: now });
      if (changed !== 1) return false;
      // Never lowers what the guest did since (opened, clicked, unsubscribed …).
      if (recipient.guestId)
        await guest()
          .where({ mailStatus: "sent" })
          .update({ mailStatus: "delivered", mailStatusAt: now, updatedAt: now });
      return true;
    }
    case "complaint": {
      if (await hasEvent(trx, recipient.id, "complaint")) return false;
      await recordMailError(trx, { ...sighting, kind: "complaint" });
      if (recipient.guestId) await unsubscribeComplainant(trx, recipient.guestId, feedback.now);
      return true;
    }
  }
}

/** A guest who marked a message as spam is unsubscribed from the event's mail, in the event's history (once). */
async function unsubscribeComplainant(trx: Knex.Transaction, guestId: string, at: Date): Promise<void> {
  const query = Guest.query(trx).findById(guestId);
  const guest = await (isPostgres(trx) ? query.forUpdate() : query);
  if (!guest || guest.unsubscribedAt) return;
  await Guest.query(trx)
    .patch({ unsubscribedAt: at, mailStatus: "unsubscribed", mailStatusAt: at })
    .where({ id: guest.id });
  await recordAudit(trx, null, {
    action: "guest.unsubscribed",
    subjectType: "guest",
    subjectId: guest.id,
    accountId: guest.accountId,
    eventId: guest.eventId,
    before: { mailStatus: guest.mailStatus, unsubscribedAt: null },
    after: { mailStatus: "unsubscribed", unsubscribedAt: at, source: "complaint" },
    metadata: { subject: [guest.firstName, guest.lastName].filter(Boolean).join(" ") || (guest.email ?? "") },
  });
}
