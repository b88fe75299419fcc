import type { CampaignLanguage } from "@tessera/shared/rules/campaigns";
import type { CampaignTemplateBody } from "@tessera/shared/contracts/campaignEditor";
import { compileCampaign, type PersonalisedCampaign } from "../../campaigns/render.ts";
import { changeTemplate } from "../../campaigns/templates/index.ts";
import { recipientMergeValues, type RecipientFacts } from "../../campaigns/values.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Campaign } from "../../models/Campaign.ts";
import type { Actor } from "../../policies/actor.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { loadCampaignEventFacts } from "./eventFacts.ts";

/*
 * The campaign editor's operations (issue 15 item 3): a preview of a language version as a recipient would get it
 * (the caller standing in for the recipient), and "template change". Anyone who sees the event previews; editors
 * and up change a pending campaign's template (scheduled, sending or sent: 409 campaign_already_sent).
 */

/** The recipient token of a preview: its links show where they lead, nothing is tracked or unsubscribed by it. */
export const PREVIEW_TOKEN = "preview";

async function findCampaign(db: Knex, eventId: string, campaignId: string): Promise<Campaign> {
  const campaign = await Campaign.query(db).findOne({ id: campaignId, eventId });
  if (!campaign) throw AppError.notFound();
  return campaign;
}

/** Who a preview is addressed to: the signed-in user (an API key has no name: a placeholder address). */
function sampleRecipient(actor: Actor | undefined, language: CampaignLanguage): RecipientFacts {
  const user = actor?.kind === "user" ? actor.user : null;
  return {
    firstName: user?.firstName ?? null,
    lastName: user?.lastName ?? null,
    company: null,
    email: user?.email ?? "preview@example.com",
    language,
    token: PREVIEW_TOKEN,
  };
}

/** The campaign's message in `language` for a sample recipient (the caller), untracked. */
export async function previewCampaign(
  scope: Scope,
  key: EventKey,
  campaignId: string,
  language: CampaignLanguage,
): Promise<PersonalisedCampaign> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const campaign = await findCampaign(scope.db, event.id, campaignId);
  const content = campaign.content[language];
  if (!content) throw AppError.invalid([{ field: `content.${language}`, code: "required" }]);
  const compiled = await compileCampaign({
    subject: campaign.subject,
    content,
    language,
    ...(campaign.previewText ? { previewText: campaign.previewText } : {}),
  });
  const facts = await loadCampaignEventFacts(scope.db, event.id);
  const values = recipientMergeValues(scope.deps.config.publicUrl, facts, sampleRecipient(scope.actor, language));
  return compiled.personalise(values);
}

/**
 * "Template change": the content in `language` becomes the template of `type` there (the campaign's own type, and
 * so its targeting, is kept); the subject follows when the author had not written their own.
 */
export async function changeCampaignTemplate(
  scope: Scope,
  key: EventKey,
  campaignId: string,
  body: CampaignTemplateBody,
): Promise<Campaign> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const campaign = await findCampaign(trx, event.id, campaignId);
    if (campaign.state !== "pending") throw new AppError("campaign_already_sent", 409);
    const changed = changeTemplate(campaign, body);
    const updated = await Campaign.query(trx).patchAndFetchById(campaign.id, {
      subject: changed.subject,
      content: { ...campaign.content, [body.language]: changed.content },
    });
    await recordAudit(trx, scope, {
      action: "campaign.updated",
      subjectType: "campaign",
      subjectId: campaign.id,
      accountId: campaign.accountId,
      eventId: campaign.eventId,
      before: { subject: campaign.subject, languages: Object.keys(campaign.content).sort() },
      after: {
        subject: updated.subject,
        languages: Object.keys(updated.content).sort(),
        template: { type: body.type, language: body.language },
      },
      metadata: { subject: campaign.name },
    });
    return updated;
  });
}
