import type { ValidationIssue } from "@tessera/shared";
import { checkCampaignContent } from "@tessera/shared/campaigns/check";
import { CAMPAIGN_LANGUAGES, type CampaignLanguage } from "@tessera/shared/rules/campaigns";
import type { CampaignCreate, CampaignUpdate } from "@tessera/shared/schemas/campaigns";
import type { Knex } from "../../db/knex.ts";
import { defaultSubject, templateFor } from "../../campaigns/templates/index.ts";
import { AppError } from "../../errors.ts";
import { Account } from "../../models/Account.ts";
import { Campaign } from "../../models/Campaign.ts";
import type { Event } from "../../models/Event.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { actorUserId } from "../../policies/actor.ts";
import type { Scope } from "../scope.ts";
import { checkedFromEmail, fromEmailIssues } from "./fromEmail.ts";
import { countTargets, type TargetCounts } from "./targeting.ts";

/*
 * An event's email campaigns (issue 15 items 1 and 2; spec §3 Campaign, §4 states, §8 maximum of campaigns,
 * already sent or scheduled). Anyone who sees the event reads them; editors and up (events.update) write them,
 * with the event row locked so two creations cannot both pass the account's maximum. Only a pending campaign is
 * edited or deleted: a scheduled, sending or sent one answers 409 campaign_already_sent. Every query is scoped to
 * the event, itself found within the caller's account.
 */

const isCampaignLanguage = (language: string): language is CampaignLanguage =>
  (CAMPAIGN_LANGUAGES as readonly string[]).includes(language);

/** The event's first language a campaign can be written in, else English. */
function defaultLanguage(event: Pick<Event, "languages">): CampaignLanguage {
  return event.languages.find(isCampaignLanguage) ?? "en";
}

export async function findCampaign(db: Knex, eventId: string, campaignId: string): Promise<Campaign> {
  const campaign = await Campaign.query(db).findOne({ id: campaignId, eventId });
  if (!campaign) throw AppError.notFound();
  return campaign;
}

export function assertPending(campaign: Campaign): void {
  if (campaign.state !== "pending") throw new AppError("campaign_already_sent", 409);
}

/** Spec §8: the account's maximum of campaigns per event (null: no maximum). */
async function assertBelowMaximum(trx: Knex.Transaction, event: Pick<Event, "id" | "accountId">): Promise<void> {
  const account = await Account.query(trx).findById(event.accountId).throwIfNotFound();
  if (account.maxCampaignsPerEvent === null) return;
  const [row] = (await trx("campaigns").where({ eventId: event.id }).count({ count: "*" })) as { count: number }[];
  if (Number(row!.count) >= account.maxCampaignsPerEvent)
    throw new AppError("max_campaigns_reached", 409, { details: { max: account.maxCampaignsPerEvent } });
}

/**
 * What keeps the campaign from being sent: the content rules (subject, footer, target urls, merge tags) on each
 * language version, at its place (`content.fr.blocks.2.url`). A draft is saved with them; scheduling or sending
 * it is refused with them, and its summary lists them.
 */
export function contentIssues(campaign: Pick<Campaign, "subject" | "content">): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const versions = CAMPAIGN_LANGUAGES.filter((language) => campaign.content[language]);
  if (!versions.length) issues.push({ field: "content", code: "required" });
  for (const language of versions) {
    for (const issue of checkCampaignContent({ subject: campaign.subject, content: campaign.content[language]! })) {
      const field = issue.field.startsWith("content")
        ? issue.field.replace(/^content/, `content.${language}`)
        : issue.field;
      if (!issues.some((known) => known.field === field && known.code === issue.code)) issues.push({ ...issue, field });
    }
  }
  return issues;
}

function snapshot(campaign: Campaign): Record<string, unknown> {
  return {
    name: campaign.name,
    type: campaign.type,
    subject: campaign.subject,
    fromName: campaign.fromName,
    fromEmail: campaign.fromEmail,
    replyEmail: campaign.replyEmail,
    previewText: campaign.previewText,
    language: campaign.language,
    languages: Object.keys(campaign.content).sort(),
    audience: campaign.audience,
    sendAt: campaign.sendAt?.toISOString() ?? null,
  };
}

export async function recordCampaignAudit(
  trx: Knex.Transaction,
  scope: Scope,
  campaign: Campaign,
  action:
    | "campaign.created"
    | "campaign.updated"
    | "campaign.deleted"
    | "campaign.send_started"
    | "campaign.scheduled"
    | "campaign.cancelled",
  values: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    subjectType: "campaign",
    subjectId: campaign.id,
    accountId: campaign.accountId,
    eventId: campaign.eventId,
    before: values.before ?? null,
    after: values.after ?? null,
    metadata: { subject: campaign.name },
  });
}

export async function listCampaigns(scope: Scope, key: EventKey): Promise<Campaign[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return Campaign.query(scope.db)
    .where({ eventId: event.id })
    .orderBy([
      { column: "createdAt", order: "desc" },
      { column: "id", order: "desc" },
    ]);
}

export async function getCampaign(scope: Scope, key: EventKey, campaignId: string): Promise<Campaign> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return findCampaign(scope.db, event.id, campaignId);
}

/** A campaign starts from its type's template in its language, unless the author brings their own subject or content. */
export async function createCampaign(scope: Scope, key: EventKey, body: CampaignCreate): Promise<Campaign> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    await assertBelowMaximum(trx, event);
    const language = body.language ?? defaultLanguage(event);
    const values = {
      name: body.name,
      type: body.type,
      subject: body.subject ?? defaultSubject(body.type, language),
      fromName: body.fromName ?? event.name.slice(0, 100),
      fromEmail: (await checkedFromEmail(trx, event.accountId, body.fromEmail)) ?? null,
      replyEmail: body.replyEmail ?? null,
      previewText: body.previewText ?? null,
      language,
      content: body.content ?? { [language]: templateFor(body.type, language) },
      audience: body.audience ?? null,
      sendAt: body.sendAt ? new Date(body.sendAt) : null,
    };
    const campaign = await Campaign.query(trx).insertAndFetch({
      ...values,
      accountId: event.accountId,
      eventId: event.id,
      state: "pending",
      createdBy: actorUserId(scope.actor),
    });
    await recordCampaignAudit(trx, scope, campaign, "campaign.created", { after: snapshot(campaign) });
    return campaign;
  });
}

export async function updateCampaign(
  scope: Scope,
  key: EventKey,
  campaignId: string,
  body: CampaignUpdate,
): Promise<Campaign> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const campaign = await findCampaign(trx, event.id, campaignId);
    assertPending(campaign);
    const content = body.content ? { ...campaign.content, ...body.content } : campaign.content;
    const values = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.type !== undefined && { type: body.type }),
      ...(body.subject !== undefined && { subject: body.subject }),
      ...(body.fromName !== undefined && { fromName: body.fromName }),
      ...(body.fromEmail !== undefined && { fromEmail: await checkedFromEmail(trx, event.accountId, body.fromEmail) }),
      ...(body.replyEmail !== undefined && { replyEmail: body.replyEmail }),
      ...(body.previewText !== undefined && { previewText: body.previewText }),
      ...(body.language !== undefined && { language: body.language }),
      ...(body.audience !== undefined && { audience: body.audience }),
      ...(body.sendAt !== undefined && { sendAt: body.sendAt === null ? null : new Date(body.sendAt) }),
      content,
    };
    const before = snapshot(campaign);
    const updated = await Campaign.query(trx).patchAndFetchById(campaign.id, values);
    const after = snapshot(updated);
    const changed = changedFields(before, after);
    if (changed) await recordCampaignAudit(trx, scope, updated, "campaign.updated", changed);
    return updated;
  });
}

export async function removeCampaign(scope: Scope, key: EventKey, campaignId: string): Promise<void> {
  await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const campaign = await findCampaign(trx, event.id, campaignId);
    assertPending(campaign);
    await Campaign.query(trx).deleteById(campaign.id);
    await recordCampaignAudit(trx, scope, campaign, "campaign.deleted", { before: snapshot(campaign) });
  });
}

export interface CampaignSummary extends TargetCounts {
  creditsRequired: number;
  /** What must be mended before it can be sent. */
  issues: ValidationIssue[];
}

/** Who the campaign would go to now, who it leaves out and why, its cost (a credit a message), what to mend. */
export async function summarizeCampaign(scope: Scope, key: EventKey, campaignId: string): Promise<CampaignSummary> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const campaign = await findCampaign(scope.db, event.id, campaignId);
  const counts = await countTargets(scope.db, scope.actor, event.id, campaign);
  // A sender not given is the screen's to say; one given that is not (or no longer) verified is listed.
  const sender = campaign.fromEmail ? await fromEmailIssues(scope.db, campaign) : [];
  return { ...counts, creditsRequired: counts.recipients, issues: [...contentIssues(campaign), ...sender] };
}
