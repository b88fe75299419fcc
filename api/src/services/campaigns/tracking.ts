import { LANGUAGES, type Language, type MailStatus } from "@tessera/shared";
import type { CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { compileCampaign } from "../../campaigns/render.ts";
import { isRecipientToken, resolveLinkTarget, trackingRenderOptions } from "../../campaigns/links.ts";
import { classifyTracking, CLICK_BURST_SECONDS, type Verdict } from "../../campaigns/tracking/classify.ts";
import { LinkCache } from "../../campaigns/tracking/linkCache.ts";
import { recipientMergeValues } from "../../campaigns/values.ts";
import type { Knex } from "../../db/knex.ts";
import { lockForUpdate } from "../../db/dialect.ts";
import { AppError } from "../../errors.ts";
import { Campaign } from "../../models/Campaign.ts";
import { CampaignEvent } from "../../models/CampaignEvent.ts";
import { CampaignRecipient } from "../../models/CampaignRecipient.ts";
import { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import { loadCampaignEventFacts } from "./eventFacts.ts";
import { recipientLanguage } from "./send/ledger.ts";

/*
 * What a campaign message's addresses do once a recipient (or a machine on their behalf) reaches them (issue 15
 * item 6; the addresses: campaigns/links.ts): the open pixel and the click redirects record an open or a click,
 * told apart as a person's or a machine's (campaigns/tracking/classify.ts); one-click unsubscribe (RFC 8058) and
 * the unsubscribe page unsubscribe the guest. All by the recipient's token; an unknown one is a plain 404.
 *
 * Only a person's open or click sets the recipient's first openedAt / clickedAt and raises the guest's mail
 * status (sent/delivered → opened → clicked): never lowered, never over unsubscribed, bounce, blocked or error.
 * A person's click is also an open. A machine's is only a campaign_events row (machine = true, detail = rule).
 */

/** What the request looked like, for the classification. */
export interface TrackingRequest {
  method: string;
  userAgent: string | null;
  ip: string | null;
}

/** The mail statuses an open raises to opened, a click to clicked (the order of spec §4's statuses). */
const BELOW_OPENED: readonly MailStatus[] = ["none", "pending", "queued", "sent", "delivered"];
const BELOW_CLICKED: readonly MailStatus[] = [...BELOW_OPENED, "opened"];

async function recipientByToken(db: Knex, token: string): Promise<CampaignRecipient> {
  if (!isRecipientToken(token)) throw AppError.notFound();
  const recipient = await CampaignRecipient.query(db).findOne({ token });
  if (!recipient) throw AppError.notFound();
  return recipient;
}

function campaignEventRow(recipient: CampaignRecipient) {
  return {
    accountId: recipient.accountId,
    eventId: recipient.eventId,
    campaignId: recipient.campaignId,
    recipientId: recipient.id,
  };
}

/** Sets the recipient's first `column` and raises its guest's mail status to `status` (a person's open/click). */
async function recordPersonFirst(
  trx: Knex.Transaction,
  recipient: CampaignRecipient,
  status: "opened" | "clicked",
  now: Date,
): Promise<void> {
  const columns = status === "clicked" ? (["openedAt", "clickedAt"] as const) : (["openedAt"] as const);
  for (const column of columns)
    await CampaignRecipient.query(trx)
      .patch({ [column]: now })
      .where({ id: recipient.id })
      .whereNull(column);
  if (recipient.guestId)
    await Guest.query(trx)
      .patch({ mailStatus: status, mailStatusAt: now })
      .where({ id: recipient.guestId })
      .whereNull("unsubscribedAt")
      .whereIn("mailStatus", status === "clicked" ? BELOW_CLICKED : BELOW_OPENED);
}

/**
 * When the message went out, for the timing rule. A message being handed to the mail server (status sending) may
 * be fetched by a receiving gateway before the sender records it as sent: that is "now".
 */
function sentAtOf(recipient: CampaignRecipient, now: Date): Date | null {
  return recipient.sentAt ?? (recipient.status === "sending" ? now : null);
}

/** GET/HEAD of the open pixel: the open, a person's or a machine's. 404 for an unknown token. */
export async function recordOpen(scope: Scope, token: string, request: TrackingRequest): Promise<Verdict> {
  const recipient = await recipientByToken(scope.db, token);
  const now = scope.clock.now();
  const verdict = classifyTracking({ kind: "open", ...request, at: now, sentAt: sentAtOf(recipient, now) });
  await scope.db.transaction(async (trx) => {
    await CampaignEvent.query(trx).insert({
      ...campaignEventRow(recipient),
      kind: "open",
      machine: verdict.machine,
      linkIndex: null,
      detail: verdict.rule,
    });
    if (!verdict.machine) await recordPersonFirst(trx, recipient, "opened", now);
  });
  return verdict;
}

const links = new LinkCache();

/** The campaign's link targets as written, in its recipient's language (compiled once per campaign+language). */
async function campaignLinks(scope: Scope, campaign: Campaign, language: CampaignLanguage): Promise<readonly string[]> {
  // Once sent (or sending) a campaign's content no longer changes; a pending one's (a test send's) may.
  const version = campaign.state === "pending" ? `|${campaign.updatedAt.toISOString()}` : "";
  return links.get(`${campaign.id}|${language}${version}`, async () => {
    const content = campaign.content[language];
    if (!content) return [];
    // As the sender compiles it (send/sender.ts): the same options give the same link indexes.
    const compiled = await compileCampaign(
      {
        subject: campaign.subject,
        content,
        language,
        ...(campaign.previewText ? { previewText: campaign.previewText } : {}),
      },
      trackingRenderOptions(scope.deps.config.publicUrl),
    );
    return compiled.links;
  });
}

function asLanguage(value: string): Language {
  return LANGUAGES.find((language) => language === value) ?? "en";
}

/**
 * GET/HEAD of a click redirect: where the link `index` of the recipient's message goes, with their values put
 * in, and the click recorded. 404 for an unknown token, a link the message has not, or nothing safe to go to.
 */
export async function followClick(
  scope: Scope,
  token: string,
  index: number,
  request: TrackingRequest,
): Promise<{ target: string; verdict: Verdict }> {
  const recipient = await recipientByToken(scope.db, token);
  const campaign = await Campaign.query(scope.db).findById(recipient.campaignId);
  if (!campaign) throw AppError.notFound();
  const written = (await campaignLinks(scope, campaign, recipientLanguage(campaign, recipient.language)))[index];
  if (written === undefined) throw AppError.notFound();
  const guest = recipient.guestId ? await Guest.query(scope.db).findById(recipient.guestId) : undefined;
  const values = recipientMergeValues(
    scope.deps.config.publicUrl,
    await loadCampaignEventFacts(scope.db, recipient.eventId),
    {
      firstName: guest?.firstName ?? null,
      lastName: guest?.lastName ?? null,
      company: guest?.company ?? null,
      email: recipient.email,
      language: asLanguage(recipient.language),
      token,
    },
  );
  const target = resolveLinkTarget(written, values);
  if (!target) throw AppError.notFound();

  const now = scope.clock.now();
  const verdict = await scope.db.transaction(async (trx) => {
    // The recipient's row is locked: two clicks of a scanner at once see each other.
    await lockForUpdate(trx, CampaignRecipient.query(trx).findById(recipient.id));
    const since = new Date(now.getTime() - CLICK_BURST_SECONDS * 1000);
    const earlier = await CampaignEvent.query(trx)
      .where({ recipientId: recipient.id, kind: "click" })
      .where("createdAt", ">=", since)
      .select("id", "linkIndex", "createdAt", "machine");
    const judged = classifyTracking({
      kind: "click",
      ...request,
      at: now,
      sentAt: sentAtOf(recipient, now),
      linkIndex: index,
      earlierClicks: earlier.map((click) => ({ linkIndex: click.linkIndex, at: click.createdAt })),
    });
    await CampaignEvent.query(trx).insert({
      ...campaignEventRow(recipient),
      kind: "click",
      machine: judged.machine,
      linkIndex: index,
      detail: judged.rule,
    });
    if (judged.machine && judged.rule === "click_burst") await undoBurstClicks(trx, recipient, earlier);
    if (!judged.machine) await recordPersonFirst(trx, recipient, "clicked", now);
    return judged;
  });
  return { target, verdict };
}

/**
 * A burst shows the clicks just before it were the same scanner's: they become machine clicks, and a first click
 * they set on the recipient goes back to the first click of a person left (none: unset). The guest's mail status
 * stays (it is never lowered).
 */
async function undoBurstClicks(
  trx: Knex.Transaction,
  recipient: CampaignRecipient,
  earlier: CampaignEvent[],
): Promise<void> {
  const people = earlier.filter((click) => !click.machine);
  if (!people.length) return;
  await CampaignEvent.query(trx)
    .patch({ machine: true, detail: "click_burst" })
    .whereIn(
      "id",
      people.map((click) => click.id),
    );
  const first = await CampaignEvent.query(trx)
    .where({ recipientId: recipient.id, kind: "click", machine: false })
    .orderBy("createdAt")
    .first();
  await CampaignRecipient.query(trx)
    .patch({ clickedAt: first?.createdAt ?? null })
    .where({ id: recipient.id });
}

/** How unsubscribing was asked: a mail client's one-click POST (RFC 8058), or the page's button. */
export type UnsubscribeSource = "one_click" | "page";

/**
 * Unsubscribes the recipient's guest from the event's mail, in one transaction: the guest (unsubscribedAt, mail
 * status unsubscribed, an entry in the event's history), the recipient's first unsubscribedAt and an
 * `unsubscribe` campaign event. Asked again: nothing changes. 404 for an unknown token.
 */
export async function unsubscribeRecipient(
  scope: Scope,
  token: string,
  source: UnsubscribeSource,
): Promise<CampaignRecipient> {
  const found = await recipientByToken(scope.db, token);
  const now = scope.clock.now();
  await scope.db.transaction(async (trx) => {
    const first = await CampaignRecipient.query(trx)
      .patch({ unsubscribedAt: now })
      .where({ id: found.id })
      .whereNull("unsubscribedAt");
    if (first)
      await CampaignEvent.query(trx).insert({
        ...campaignEventRow(found),
        kind: "unsubscribe",
        machine: false,
        linkIndex: null,
        detail: source,
      });
    if (!found.guestId) return;
    const guest = await lockForUpdate(trx, Guest.query(trx).findById(found.guestId));
    if (!guest || guest.unsubscribedAt) return;
    await Guest.query(trx)
      .patch({ unsubscribedAt: now, mailStatus: "unsubscribed", mailStatusAt: now })
      .where({ id: guest.id });
    await recordAudit(trx, scope, {
      action: "guest.unsubscribed",
      subjectType: "guest",
      subjectId: guest.id,
      accountId: guest.accountId,
      eventId: guest.eventId,
      before: { mailStatus: guest.mailStatus, unsubscribedAt: null },
      after: { mailStatus: "unsubscribed", unsubscribedAt: now, source },
      metadata: { subject: [guest.firstName, guest.lastName].filter(Boolean).join(" ") || (guest.email ?? "") },
    });
  });
  return (await CampaignRecipient.query(scope.db).findById(found.id))!;
}

/** "jane@example.org" → "j***@example.org": enough for its owner to know it, not for anyone else to read it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export interface UnsubscribeState {
  eventName: string;
  email: string;
  unsubscribed: boolean;
  language: Language;
}

/** What the unsubscribe page shows: the event, the masked address, whether the guest is already unsubscribed. */
export async function unsubscribeState(scope: Scope, token: string): Promise<UnsubscribeState> {
  const recipient = await recipientByToken(scope.db, token);
  const event = await Event.query(scope.db).findById(recipient.eventId).select("name");
  const guest = recipient.guestId
    ? await Guest.query(scope.db).findById(recipient.guestId).select("unsubscribedAt")
    : undefined;
  return {
    eventName: event?.name ?? "",
    email: maskEmail(recipient.email),
    unsubscribed: Boolean(recipient.unsubscribedAt ?? guest?.unsubscribedAt),
    language: asLanguage(recipient.language),
  };
}

/** The page's button: unsubscribes (idempotent) and says where it stands. */
export async function unsubscribeFromPage(scope: Scope, token: string): Promise<UnsubscribeState> {
  await unsubscribeRecipient(scope, token, "page");
  return unsubscribeState(scope, token);
}

/** Where GET /mail/u/{token} sends a person: the page, which confirms first (a GET never unsubscribes). */
export async function unsubscribePageLanguage(scope: Scope, token: string): Promise<Language> {
  return asLanguage((await recipientByToken(scope.db, token)).language);
}
