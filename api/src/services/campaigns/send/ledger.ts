import { randomUUID } from "node:crypto";
import { CAMPAIGN_LANGUAGES, type CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { newRecipientToken } from "../../../campaigns/links.ts";
import { isPostgres } from "../../../db/dialect.ts";
import { giveWay } from "../../eventLoopBreaks.ts";
import type { Knex } from "../../../db/knex.ts";
import { sqlTime } from "../../../models/BaseModel.ts";
import { Campaign } from "../../../models/Campaign.ts";
import { creditBack, debitEachRecipient } from "../../credits/ledger.ts";
import { exclusionReasonSql, targetedGuests } from "../targeting.ts";

/*
 * A send's per-recipient ledger (issue 15 items 4–5), campaign_recipients. Its invariant, which every function
 * here keeps inside one transaction with the credits it describes:
 *   queued   no credit held            sending  one credit debited (a sender took it)
 *   sent     one credit debited        failed / bounced  no credit held (given back)
 * A recipient is only ever taken by one sender at a time (row locks, SKIP LOCKED on PostgreSQL; SQLite writes one
 * transaction at a time), goes `sent` the moment the mail server accepts it, and a claim a dead sender left
 * (older than the lease) is taken again: nobody is forgotten, and a message is sent twice only if the process
 * dies in the instant between the server's "250 OK" and the commit after it.
 */

const FILL_BATCH = 1000;

/** The content language a recipient gets: theirs when the campaign has it, else the campaign's, else the first. */
export function recipientLanguage(campaign: Pick<Campaign, "language" | "content">, guestLanguage: string | null) {
  const has = (language: string | null): language is CampaignLanguage =>
    !!language &&
    (CAMPAIGN_LANGUAGES as readonly string[]).includes(language) &&
    !!campaign.content[language as CampaignLanguage];
  if (has(guestLanguage)) return guestLanguage;
  if (has(campaign.language)) return campaign.language;
  return CAMPAIGN_LANGUAGES.find((language) => campaign.content[language]) ?? campaign.language;
}

/**
 * Writes one batch of the campaign's recipients into its ledger: the next FILL_BATCH guests after `after` (by id)
 * its targeting matches that are not excluded, one row per address (two guests sharing one get one message; an
 * address already in the ledger is skipped, so a batch written again after a crash adds nothing). Returns the
 * last guest read (null: none left) and how many rows were written.
 */
async function fillBatch(
  trx: Knex.Transaction,
  campaign: Campaign,
  after: string | null,
  now: Date,
): Promise<{ last: string | null; written: number }> {
  const { guests } = await targetedGuests(trx, undefined, campaign.eventId, campaign);
  const rows = (await guests
    .clearSelect()
    .clearOrder()
    .select("guests.id", "guests.email", "guests.language")
    .whereRaw("? = ?", [exclusionReasonSql(trx), "recipient"])
    .modify((query) => {
      if (after) void query.where("guests.id", ">", after);
    })
    .orderBy("guests.id")
    .limit(FILL_BATCH)) as { id: string; email: string; language: string | null }[];
  if (!rows.length) return { last: null, written: 0 };
  const emails = [...new Set(rows.map((row) => row.email.trim().toLowerCase()))];
  const known = new Set(
    (await trx("campaignRecipients")
      .where({ campaignId: campaign.id })
      .whereIn("email", emails)
      .pluck("email")) as string[],
  );
  const inserts = [];
  for (const row of rows) {
    const email = row.email.trim().toLowerCase();
    if (known.has(email)) continue;
    known.add(email);
    inserts.push({
      id: randomUUID(),
      accountId: campaign.accountId,
      eventId: campaign.eventId,
      campaignId: campaign.id,
      guestId: row.id,
      email,
      language: recipientLanguage(campaign, row.language),
      status: "queued",
      attempts: 0,
      token: newRecipientToken(),
      createdAt: sqlTime(now),
      updatedAt: sqlTime(now),
    });
  }
  for (let index = 0; index < inserts.length; index += 250)
    await trx("campaignRecipients").insert(inserts.slice(index, index + 250));
  return { last: rows[rows.length - 1]!.id, written: inserts.length };
}

/**
 * Writes a sending campaign's ledger, a batch per transaction (the campaign row locked in each, so that two
 * processes taking the send up never write the same batch at once), pausing between them: other requests go on
 * meanwhile, on SQLite too. Once no guest is left it marks the ledger filled, with the number of recipients and
 * the credits that makes. Idempotent: a filled ledger is left alone, a half-written one completed.
 */
export async function fillCampaignLedger(db: Knex, campaignId: string, now: Date): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const done = await db.transaction(async (trx) => {
      const campaign = await Campaign.query(trx)
        .findById(campaignId)
        .modify((query) => {
          if (isPostgres(trx)) void query.forUpdate();
        });
      if (!campaign || campaign.state !== "sending" || campaign.ledgerFilledAt) return true;
      const batch = await fillBatch(trx, campaign, after, now);
      after = batch.last;
      if (after) return false;
      const written = (await trx("campaignRecipients").where({ campaignId }).count({ count: "*" }).first()) as {
        count: number | string;
      };
      await Campaign.query(trx)
        .findById(campaignId)
        .patch({ ledgerFilledAt: now, recipientsCount: Number(written.count), creditsRequired: Number(written.count) });
      return true;
    });
    if (done) return;
    await giveWay();
  }
}

/** A recipient a sender took, with what its message needs of its guest. */
export interface ClaimedRecipient {
  id: string;
  guestId: string | null;
  email: string;
  language: CampaignLanguage;
  token: string;
  attempts: number;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
}

/**
 * Takes up to `size` recipients to send to: queued ones (debiting a credit each, all or nothing: not enough
 * credits throws not_enough_credits and takes none) and those a dead sender left (already debited).
 */
export async function claimRecipients(
  db: Knex,
  campaign: Pick<Campaign, "id" | "accountId">,
  options: { size: number; now: Date; leaseMs: number; inFlight?: readonly string[] },
): Promise<ClaimedRecipient[]> {
  return db.transaction(async (trx) => {
    const staleBefore = sqlTime(new Date(options.now.getTime() - options.leaseMs));
    let pick = trx("campaignRecipients")
      .select("id", "status")
      .where({ campaignId: campaign.id })
      .where((query) =>
        query
          .where("status", "queued")
          .orWhere((stale) => stale.where("status", "sending").where("claimedAt", "<", staleBefore)),
      )
      .modify((query) => {
        // The caller's own batch going out is its own, however long it takes (a slow pace): never taken back.
        if (options.inFlight?.length) void query.whereNotIn("id", options.inFlight);
      })
      .orderBy("id")
      .limit(options.size);
    if (isPostgres(trx)) pick = pick.forUpdate().skipLocked();
    const picked = (await pick) as { id: string; status: string }[];
    if (!picked.length) return [];
    const queued = picked.filter((row) => row.status === "queued").map((row) => row.id);
    await debitEachRecipient(
      trx,
      { accountId: campaign.accountId, kind: "campaign", reason: "send", campaignId: campaign.id, now: options.now },
      queued,
    );
    const ids = picked.map((row) => row.id);
    for (let index = 0; index < ids.length; index += 500) {
      await trx("campaignRecipients")
        .whereIn("id", ids.slice(index, index + 500))
        .update({
          status: "sending",
          claimedAt: sqlTime(options.now),
          attempts: trx.raw("?? + 1", ["attempts"]),
          updatedAt: sqlTime(options.now),
        });
    }
    const rows = (await trx("campaignRecipients as r")
      .leftJoin("guests as g", "g.id", "r.guestId")
      .whereIn("r.id", ids)
      .orderBy("r.id")
      .select(
        "r.id",
        "r.guestId",
        "r.email",
        "r.language",
        "r.token",
        "r.attempts",
        "g.firstName",
        "g.lastName",
        "g.company",
      )) as ClaimedRecipient[];
    return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
  });
}

/** Mail statuses a new send may replace (never a later one: opened, clicked, unsubscribed, bounce, blocked). */
export const REPLACEABLE_MAIL_STATUSES = ["none", "pending", "queued", "error", "sent", "delivered"];

/**
 * The mail server accepted the recipient's message: it keeps its credit. Only a recipient still `sending` changes
 * (the guest's mail status is read from the row when not given). Returns whether it did.
 */
export async function markAccepted(
  db: Knex,
  recipient: Pick<ClaimedRecipient, "id" | "guestId">,
  messageId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const changed = await trx("campaignRecipients")
      .where({ id: recipient.id, status: "sending" })
      .update({ status: "sent", sentAt: sqlTime(now), messageId, lastError: null, updatedAt: sqlTime(now) });
    if (changed !== 1) return false;
    const guestId =
      recipient.guestId ??
      ((await trx("campaignRecipients").where({ id: recipient.id }).first("guestId")) as { guestId: string | null })
        .guestId;
    if (guestId)
      await trx("guests")
        .where({ id: guestId })
        .whereIn("mailStatus", REPLACEABLE_MAIL_STATUSES)
        .update({ mailStatus: "sent", mailStatusAt: sqlTime(now) });
    return true;
  });
}

/**
 * The recipient's message did not go: back to the queue for a later try (a temporary error), or failed for good
 * (refused, or tried `maxAttempts` times); either way its credit goes back in the same transaction.
 */
export async function markNotSent(
  db: Knex,
  campaign: Pick<Campaign, "id" | "accountId">,
  recipient: Pick<ClaimedRecipient, "id" | "guestId">,
  outcome: { retry: boolean; error: string; now: Date },
): Promise<void> {
  await db.transaction(async (trx) => {
    const changed = await trx("campaignRecipients")
      .where({ id: recipient.id, status: "sending" })
      .update({
        status: outcome.retry ? "queued" : "failed",
        claimedAt: null,
        lastError: outcome.error,
        updatedAt: sqlTime(outcome.now),
      });
    if (changed !== 1) return;
    await creditBack(trx, {
      accountId: campaign.accountId,
      kind: "campaign",
      amount: 1,
      reason: "refund",
      campaignId: campaign.id,
      recipientId: recipient.id,
      now: outcome.now,
    });
    if (!outcome.retry && recipient.guestId)
      await trx("guests")
        .where({ id: recipient.guestId })
        .whereIn("mailStatus", REPLACEABLE_MAIL_STATUSES)
        .update({ mailStatus: "error", mailStatusAt: sqlTime(outcome.now) });
  });
}

/** How the campaign's recipients stand. */
export interface SendProgress {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  bounced: number;
}

export async function sendProgress(db: Knex, campaignId: string): Promise<SendProgress> {
  const rows = (await db("campaignRecipients")
    .where({ campaignId })
    .groupBy("status")
    .select("status")
    .count({ count: "*" })) as { status: string; count: number | string }[];
  const progress: SendProgress = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, bounced: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    progress.total += count;
    if (row.status in progress) progress[row.status as keyof SendProgress] += count;
  }
  return progress;
}

/** Marks the campaign sent once no recipient is left to try. Returns whether it did. */
export async function finishIfDone(db: Knex, campaignId: string, now: Date): Promise<boolean> {
  const changed = await db("campaigns")
    .where({ id: campaignId, state: "sending" })
    .whereNotNull("ledgerFilledAt")
    .whereNotExists((query) =>
      query
        .select(db.raw("1"))
        .from("campaignRecipients")
        .where("campaignRecipients.campaignId", campaignId)
        .whereIn("campaignRecipients.status", ["queued", "sending"]),
    )
    .update({
      state: "sent",
      sentAt: sqlTime(now),
      finishedAt: sqlTime(now),
      sendError: null,
      updatedAt: sqlTime(now),
    });
  return changed === 1;
}

/** The progress of each campaign whose send started (one grouped query); the others have none. */
export async function progressOf(
  db: Knex,
  campaigns: readonly (Pick<Campaign, "id" | "state"> &
    Partial<Pick<Campaign, "ledgerFilledAt" | "recipientsCount">>)[],
): Promise<Map<string, SendProgress>> {
  const started = campaigns.filter((campaign) => campaign.state === "sending" || campaign.state === "sent");
  const byCampaign = new Map<string, SendProgress>(
    started.map((campaign) => [campaign.id, { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, bounced: 0 }]),
  );
  if (!started.length) return byCampaign;
  const rows = (await db("campaignRecipients")
    .whereIn(
      "campaignId",
      started.map((campaign) => campaign.id),
    )
    .groupBy("campaignId", "status")
    .select("campaignId", "status")
    .count({ count: "*" })) as { campaignId: string; status: string; count: number | string }[];
  for (const row of rows) {
    const progress = byCampaign.get(row.campaignId)!;
    const count = Number(row.count);
    progress.total += count;
    if (row.status in progress) progress[row.status as keyof SendProgress] += count;
  }
  // While its ledger is being written, a send's total is the recipients counted at its start.
  for (const campaign of started) {
    const progress = byCampaign.get(campaign.id)!;
    if (campaign.ledgerFilledAt === null && campaign.recipientsCount)
      progress.total = Math.max(progress.total, campaign.recipientsCount);
  }
  return byCampaign;
}

/** Where one campaign's recipients stand, or null before its send started. */
export async function campaignSendProgress(
  db: Knex,
  campaign: Pick<Campaign, "id" | "state"> & Partial<Pick<Campaign, "ledgerFilledAt" | "recipientsCount">>,
): Promise<SendProgress | null> {
  return (await progressOf(db, [campaign])).get(campaign.id) ?? null;
}
