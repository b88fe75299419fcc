import type { ValidationIssue } from "@tessera/shared";
import { isPostgres } from "../../../db/dialect.ts";
import type { Knex } from "../../../db/knex.ts";
import { AppError } from "../../../errors.ts";
import { Campaign } from "../../../models/Campaign.ts";
import { remainingCredits } from "../../credits/ledger.ts";
import { findEventByKeyFor, type EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { assertPending, contentIssues, findCampaign, recordCampaignAudit } from "../campaigns.ts";
import { fromEmailIssues } from "../fromEmail.ts";
import { countTargets } from "../targeting.ts";

/*
 * "Send now or later" (spec §2, §4, §8; issue 15 items 1, 4, 5). Only a pending campaign is sent: a scheduled or
 * sent one answers campaign_already_sent. What keeps it from going (content rules, no sender) answers 422 with
 * the issues at their fields; too few campaign credits for the messages that would go out, 409
 * not_enough_credits with the missing amount. Now: its recipients are written into its ledger and it is
 * `sending` (a sender takes it up at once); later: `scheduled` for its sending date, until cancelled.
 */

export const CAMPAIGN_SEND_JOB = "campaign.send";

export interface SendRequest {
  /** The sending date; absent or past: now. */
  sendAt?: string | null;
  /** Send later: then a sending date is needed (here or on the campaign), else date_not_set. */
  later?: boolean;
}

/** What must hold before any send: the content rules and a sender, one of the account's verified ones. */
async function sendIssues(db: Knex, campaign: Campaign): Promise<ValidationIssue[]> {
  return [...contentIssues(campaign), ...(await fromEmailIssues(db, campaign))];
}

async function assertCredits(db: Knex, campaign: Campaign, needed: number, now: Date): Promise<void> {
  const available = await remainingCredits(db, campaign.accountId, "campaign", now);
  if (available < needed) {
    const missing = needed - available;
    throw new AppError("not_enough_credits", 409, {
      params: { count: missing },
      details: { kind: "campaign", required: needed, available, missing },
    });
  }
}

/**
 * Starts a campaign's send inside `trx` (the campaign row locked by the caller): counts who it goes to, refuses
 * when the credits do not cover them, and makes it `sending`. Its sender then writes the ledger (a row per
 * recipient, fillCampaignLedger) and sends.
 */
export async function startSend(trx: Knex.Transaction, campaign: Campaign, now: Date): Promise<Campaign> {
  const { recipients } = await countTargets(trx, undefined, campaign.eventId, campaign);
  await assertCredits(trx, campaign, recipients, now);
  return Campaign.query(trx).patchAndFetchById(campaign.id, {
    state: "sending",
    startedAt: now,
    recipientsCount: recipients,
    creditsRequired: recipients,
    ledgerFilledAt: null,
    sendError: null,
  });
}

export async function requestSend(
  scope: Scope,
  key: EventKey,
  campaignId: string,
  body: SendRequest,
): Promise<Campaign> {
  const now = scope.clock.now();
  const campaign = await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const found = await findCampaign(trx, event.id, campaignId);
    assertPending(found);
    const issues = await sendIssues(trx, found);
    if (issues.length) throw AppError.invalid(issues);
    const sendAt = body.sendAt ? new Date(body.sendAt) : body.later ? found.sendAt : null;
    if (body.later && !sendAt) throw new AppError("date_not_set", 422);
    if (sendAt && sendAt.getTime() > now.getTime()) {
      const { recipients } = await countTargets(trx, undefined, event.id, found);
      await assertCredits(trx, found, recipients, now);
      const scheduled = await Campaign.query(trx).patchAndFetchById(found.id, {
        state: "scheduled",
        sendAt,
        creditsRequired: recipients,
        sendError: null,
      });
      await recordCampaignAudit(trx, scope, scheduled, "campaign.scheduled", {
        after: { state: "scheduled", sendAt: sendAt.toISOString() },
      });
      return scheduled;
    }
    const started = await startSend(trx, found, now);
    await recordCampaignAudit(trx, scope, started, "campaign.send_started", {
      after: { state: "sending", recipientsCount: started.recipientsCount },
    });
    return started;
  });
  if (campaign.state === "sending") await scope.deps.jobs.send(CAMPAIGN_SEND_JOB, { campaignId: campaign.id });
  else await scope.deps.jobs.send(CAMPAIGN_SEND_JOB, { campaignId: campaign.id }, { startAfter: campaign.sendAt! });
  return campaign;
}

/** A scheduled campaign goes back to pending (spec §4: it can be cancelled); any other answers 409. */
export async function cancelScheduledSend(scope: Scope, key: EventKey, campaignId: string): Promise<Campaign> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const campaign = await findCampaign(trx, event.id, campaignId);
    if (campaign.state !== "scheduled") throw new AppError("campaign_not_scheduled", 409);
    const cancelled = await Campaign.query(trx).patchAndFetchById(campaign.id, {
      state: "pending",
      cancelledAt: scope.clock.now(),
    });
    await recordCampaignAudit(trx, scope, cancelled, "campaign.cancelled", { after: { state: "pending" } });
    return cancelled;
  });
}

/**
 * Starts a scheduled campaign whose date has come (the sender's sweep and its delayed job). One that cannot start
 * (not enough credits any more, content changed …) goes back to pending with the reason in `sendError`; any
 * other failure is thrown and the campaign stays scheduled. Returns whether it is now sending.
 */
export async function startDueCampaign(db: Knex, campaignId: string, now: Date): Promise<boolean> {
  return db.transaction(async (trx) => {
    const campaign = await Campaign.query(trx)
      .findById(campaignId)
      .modify((query) => {
        if (isPostgres(trx)) void query.forUpdate();
      });
    if (!campaign || campaign.state !== "scheduled" || !campaign.sendAt || campaign.sendAt > now) return false;
    try {
      await trx.transaction(async (inner) => {
        const issues = await sendIssues(inner, campaign);
        if (issues.length) throw AppError.invalid(issues);
        await startSend(inner, campaign, now);
      });
      return true;
    } catch (error) {
      // Only a reason the organizer must act on sends it back; a passing failure (the database busy, a lost
      // connection) leaves it scheduled for the next sweep, never silently unsent.
      if (!(error instanceof AppError)) throw error;
      await Campaign.query(trx).patchAndFetchById(campaign.id, { state: "pending", sendError: error.code });
      return false;
    }
  });
}
